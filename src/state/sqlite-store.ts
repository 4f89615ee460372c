import { SqliteEntries } from './sqlite-entries.js';
import { storeOverBackend } from './keyv-store.js';
import type { KeyValueStore } from './store.js';

/**
 * The embedded store: one SQLite file that survives restarts and that several processes may share
 * (claims stay exactly-once between them). `:memory:` gives a private, process-local store.
 */
export function createSqliteStore(file: string, options: { sweepEveryMs?: number } = {}): KeyValueStore {
  const entries = new SqliteEntries(file, options);
  return storeOverBackend({
    entries,
    async ping() {
      entries.ping();
    },
    async close() {
      entries.close();
    },
  });
}
