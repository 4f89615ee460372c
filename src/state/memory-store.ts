import type { Logger } from '../log.js';
import { Records } from './records.js';
import { createSqliteStore } from './sqlite-store.js';
import type { StateStore } from './store.js';

/**
 * A process-local store that forgets everything on close, for tests that do not test persistence.
 * It is the embedded store over an in-memory database, so TTLs and claims behave exactly as in
 * production.
 */
export function createMemoryStore(logger?: Logger): StateStore {
  return new Records(createSqliteStore(':memory:'), logger);
}
