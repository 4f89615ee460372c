import { KeyvSqlite, SqliteEntries } from './sqlite-adapter.js';
import { storeOverBackend } from './keyv-store.js';
import type { StateStore } from './store.js';

/**
 * The embedded store: one SQLite file that survives restarts and that several processes may share
 * (claims stay exactly-once between them). `:memory:` gives a private, process-local store.
 */
export function createSqliteStore(file: string, options: { sweepEveryMs?: number } = {}): StateStore {
  const entries = new SqliteEntries(file, options);
  return storeOverBackend({
    adapter: () => new KeyvSqlite(entries),
    async setIfHeld(entry, guard, ttlMs) {
      return entries.setIfHeld(entry, guard, ttlMs);
    },
    async ping() {
      entries.ping();
    },
    async close() {
      entries.close();
    },
  });
}
