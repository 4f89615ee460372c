import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryStore, createStateStore, type StateStore } from '../../../src/state/index.js';
import { startRedisServer } from '../../helpers/redis-server.js';

/** One state backend for a test: `open()` is what a new process does; all opened stores are closed at the end. */
export interface Backend {
  open(): Promise<StateStore>;
  /** The arguments a child process needs to open the same backend. */
  where: { dataDir: string; redisUrl?: string };
  close(): Promise<void>;
}

export type BackendName = 'memory' | 'embedded' | 'redis';

export async function startBackend(name: BackendName): Promise<Backend> {
  const dataDir = await mkdtemp(join(tmpdir(), 'planebot-agent-'));
  const redis = name === 'redis' ? await startRedisServer() : undefined;
  const opened: StateStore[] = [];
  // The in-memory store cannot be shared by two instances; a "new process" gets the same one back.
  const shared = name === 'memory' ? createMemoryStore() : undefined;
  return {
    where: { dataDir, redisUrl: redis?.url },
    async open() {
      if (shared) return shared;
      const store = await createStateStore({ dataDir, redisUrl: redis?.url });
      opened.push(store);
      return store;
    },
    async close() {
      for (const store of opened) await store.close().catch(() => undefined);
      await shared?.close();
      await redis?.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
