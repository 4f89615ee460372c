import { EventEmitter } from 'node:events';
import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { ClaimingAdapter, SerializedEntry } from './keyv-store.js';

const SWEEP_EVERY_MS = 10 * 60_000;
const BUSY_TIMEOUT_MS = 5_000;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS entries (
  namespace TEXT NOT NULL,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  expires INTEGER, -- epoch ms; NULL never expires
  PRIMARY KEY (namespace, key)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS entries_expires ON entries (expires) WHERE expires IS NOT NULL;
`;
const LIVE = '(expires IS NULL OR expires > @now)';

interface Row {
  namespace: string;
  key: string;
  value: string;
  expires: number | null;
  now: number;
}
type Where = Pick<Row, 'namespace' | 'key' | 'now'>;
interface Guard {
  guardNamespace: string;
  guardKey: string;
  guardValue: string;
}

/**
 * One SQLite file of Keyv entries, shareable by several processes: WAL lets readers run beside the
 * writer and the busy timeout makes writers queue instead of failing. Expired rows are invisible to
 * every statement and deleted by a periodic sweep.
 */
export class SqliteEntries {
  private readonly db: Database.Database;
  private readonly inode: number | undefined;
  private readonly sweeper: NodeJS.Timeout;
  private readonly statements;

  constructor(
    readonly file: string,
    options: { sweepEveryMs?: number } = {},
  ) {
    this.db = new Database(file, { timeout: BUSY_TIMEOUT_MS });
    try {
      this.db.pragma('journal_mode = WAL');
      // In WAL mode NORMAL survives a process crash; only an OS crash may lose the last commits.
      this.db.pragma('synchronous = NORMAL');
      this.db.exec(SCHEMA);
    } catch (error) {
      this.db.close();
      throw error;
    }
    this.inode = this.db.memory ? undefined : statSync(file).ino;
    const db = this.db;
    this.statements = {
      get: db.prepare<Where, { value: string }>(
        `SELECT value FROM entries WHERE namespace = @namespace AND key = @key AND ${LIVE}`,
      ),
      set: db.prepare<Omit<Row, 'now'>>(
        `INSERT INTO entries (namespace, key, value, expires) VALUES (@namespace, @key, @value, @expires)
         ON CONFLICT (namespace, key) DO UPDATE SET value = excluded.value, expires = excluded.expires`,
      ),
      // One statement: inserts, or replaces an expired row, or changes nothing.
      setIfAbsent: db.prepare<Row>(
        `INSERT INTO entries (namespace, key, value, expires) VALUES (@namespace, @key, @value, @expires)
         ON CONFLICT (namespace, key) DO UPDATE SET value = excluded.value, expires = excluded.expires
         WHERE entries.expires IS NOT NULL AND entries.expires <= @now`,
      ),
      delete: db.prepare<Where>(`DELETE FROM entries WHERE namespace = @namespace AND key = @key AND ${LIVE}`),
      deleteIfEqual: db.prepare<Where & Pick<Row, 'value'>>(
        `DELETE FROM entries WHERE namespace = @namespace AND key = @key AND value = @value AND ${LIVE}`,
      ),
      expireIfEqual: db.prepare<Row>(
        `UPDATE entries SET expires = @expires WHERE namespace = @namespace AND key = @key AND value = @value AND ${LIVE}`,
      ),
      // One statement: the row is written only when the guard row is live and holds the guard text.
      setIfHeld: db.prepare<Omit<Row, 'now'> & Guard & { now: number }>(
        `INSERT INTO entries (namespace, key, value, expires)
         SELECT @namespace, @key, @value, @expires WHERE EXISTS (
           SELECT 1 FROM entries WHERE namespace = @guardNamespace AND key = @guardKey AND value = @guardValue AND ${LIVE})
         ON CONFLICT (namespace, key) DO UPDATE SET value = excluded.value, expires = excluded.expires`,
      ),
      clear: db.prepare<{ namespace: string }>('DELETE FROM entries WHERE namespace = @namespace'),
      list: db.prepare<Pick<Row, 'namespace' | 'now'>, { key: string; value: string }>(
        `SELECT key, value FROM entries WHERE namespace = @namespace AND ${LIVE} ORDER BY key`,
      ),
      sweep: db.prepare<{ now: number }>('DELETE FROM entries WHERE expires IS NOT NULL AND expires <= @now'),
      probe: db.prepare('SELECT 1 FROM entries LIMIT 1'),
    };
    this.sweep();
    this.sweeper = setInterval(() => this.sweep(), options.sweepEveryMs ?? SWEEP_EVERY_MS).unref();
  }

  get(namespace: string, key: string): string | undefined {
    return this.statements.get.get({ namespace, key, now: Date.now() })?.value;
  }

  set(namespace: string, key: string, value: string, ttlMs?: number): void {
    this.statements.set.run({ namespace, key, value, expires: expiresAt(ttlMs) });
  }

  setIfAbsent(namespace: string, key: string, value: string, ttlMs?: number): boolean {
    const now = Date.now();
    return this.statements.setIfAbsent.run({ namespace, key, value, expires: expiresAt(ttlMs, now), now }).changes === 1;
  }

  delete(namespace: string, key: string): boolean {
    return this.statements.delete.run({ namespace, key, now: Date.now() }).changes > 0;
  }

  deleteIfEqual(namespace: string, key: string, value: string): boolean {
    return this.statements.deleteIfEqual.run({ namespace, key, value, now: Date.now() }).changes > 0;
  }

  expireIfEqual(namespace: string, key: string, value: string, ttlMs: number): boolean {
    const now = Date.now();
    return this.statements.expireIfEqual.run({ namespace, key, value, expires: expiresAt(ttlMs, now), now }).changes > 0;
  }

  setIfHeld(entry: SerializedEntry, guard: SerializedEntry, ttlMs?: number): boolean {
    const now = Date.now();
    return (
      this.statements.setIfHeld.run({
        namespace: entry.namespace,
        key: entry.key,
        value: entry.serialized,
        expires: expiresAt(ttlMs, now),
        guardNamespace: guard.namespace,
        guardKey: guard.key,
        guardValue: guard.serialized,
        now,
      }).changes > 0
    );
  }

  clear(namespace: string): void {
    this.statements.clear.run({ namespace });
  }

  list(namespace: string): Array<{ key: string; value: string }> {
    return this.statements.list.all({ namespace, now: Date.now() });
  }

  /** Deletes expired rows; returns how many. */
  sweep(): number {
    if (!this.db.open) return 0;
    return this.statements.sweep.run({ now: Date.now() }).changes;
  }

  /** Throws with the reason when the file can no longer keep state. */
  ping(): void {
    if (!this.db.open) throw new Error(`the state file ${this.file} is closed`);
    if (this.inode !== undefined) {
      let inode: number;
      try {
        inode = statSync(this.file).ino;
      } catch (error) {
        throw new Error(`the state file ${this.file} is gone: ${(error as Error).message}`);
      }
      // Writing on into an unlinked or replaced file would lose everything at the next start.
      if (inode !== this.inode) throw new Error(`the state file ${this.file} was replaced while open`);
    }
    this.statements.probe.get();
  }

  close(): void {
    clearInterval(this.sweeper);
    if (this.db.open) this.db.close();
  }
}

function expiresAt(ttlMs: number | undefined, now = Date.now()): number | null {
  return ttlMs === undefined ? null : now + ttlMs;
}

/** The Keyv store adapter for one namespace of a SqliteEntries (Keyv assigns `namespace`). */
export class KeyvSqlite extends EventEmitter implements ClaimingAdapter {
  namespace?: string;

  constructor(private readonly entries: SqliteEntries) {
    super();
  }

  // Keyv offers `iterator()` only to adapters whose dialect it knows.
  get opts() {
    return { dialect: 'sqlite', url: this.entries.file };
  }

  private get space(): string {
    return this.namespace ?? '';
  }

  async get<Value>(key: string): Promise<Value | undefined> {
    return this.entries.get(this.space, key) as Value | undefined;
  }

  async set(key: string, value: string, ttl?: number): Promise<void> {
    this.entries.set(this.space, key, value, ttl);
  }

  async setIfAbsent(key: string, serialized: string, ttlMs?: number): Promise<boolean> {
    return this.entries.setIfAbsent(this.space, key, serialized, ttlMs);
  }

  async delete(key: string): Promise<boolean> {
    return this.entries.delete(this.space, key);
  }

  async deleteIfEqual(key: string, serialized: string): Promise<boolean> {
    return this.entries.deleteIfEqual(this.space, key, serialized);
  }

  async expireIfEqual(key: string, serialized: string, ttlMs: number): Promise<boolean> {
    return this.entries.expireIfEqual(this.space, key, serialized, ttlMs);
  }

  async clear(): Promise<void> {
    this.entries.clear(this.space);
  }

  // Rows are read at once: better-sqlite3 forbids other statements while a cursor is open.
  async *iterator(namespace?: string): AsyncGenerator<[string, string]> {
    for (const row of this.entries.list(namespace ?? this.space)) yield [row.key, row.value];
  }
}
