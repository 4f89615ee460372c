import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../log.js';
import { createRedisStore } from './redis-store.js';
import { createSqliteStore } from './sqlite-store.js';
import type { StateStore } from './store.js';

export type { StateStore } from './store.js';
export { createMemoryStore } from './memory-store.js';

/** Redis when a URL is given (several replicas), otherwise `<dataDir>/state.sqlite`. */
export async function createStateStore(options: {
  dataDir: string;
  redisUrl?: string;
  logger?: Logger;
}): Promise<StateStore> {
  if (options.redisUrl) return createRedisStore(options.redisUrl, { logger: options.logger });
  await mkdir(options.dataDir, { recursive: true });
  const file = join(options.dataDir, 'state.sqlite');
  options.logger?.info({ file }, 'state kept in an embedded file');
  return createSqliteStore(file);
}
