import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import type { Logger } from '../log.js';
import { createRedisStore } from './redis-store.js';
import { Records } from './records.js';
import { createSqliteStore } from './sqlite-store.js';
import type { StateStore } from './store.js';

export type { StateStore } from './store.js';
export { defineRecord, type RecordKind } from './record-kind.js';
export { createMemoryStore } from './memory-store.js';
export { closeRedis, connectRedis } from './redis-store.js';

/**
 * Redis when a connection (`redis`, borrowed from its owner) or a URL (`redisUrl`, a connection of
 * the store's own) is given — several replicas — otherwise `<dataDir>/state.sqlite`.
 */
export async function createStateStore(options: {
  dataDir: string;
  redis?: Redis;
  redisUrl?: string;
  logger?: Logger;
}): Promise<StateStore> {
  const redis = options.redis ?? options.redisUrl;
  if (redis) return new Records(await createRedisStore(redis, { logger: options.logger }), options.logger);
  await mkdir(options.dataDir, { recursive: true });
  const file = join(options.dataDir, 'state.sqlite');
  options.logger?.info({ file }, 'state kept in an embedded file');
  return new Records(createSqliteStore(file), options.logger);
}
