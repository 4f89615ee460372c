import { statSync } from 'node:fs';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { Entries, SerializedEntry } from './keyv-store.js';
import { WalCheckpointer } from './sqlite-checkpointer.js';

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

type Row = {
  namespace: string;
  key: string;
  value: string;
  expires: number | null;
  now: number;
};
type Where = Pick<Row, 'namespace' | 'key' | 'now'>;
type Guard = {
  guardNamespace: string;
  guardKey: string;
  guardValue: string;
};

/** A prepared statement typed by its named parameters (`@name`) and the row it reads. */
class Statement<Params extends Record<string, SQLInputValue>, Result = never> {
  constructor(
    private readonly statement: StatementSync,
    private readonly afterWrite: () => void,
  ) {}

  get(params: Params): Result | undefined {
    return this.statement.get(params) as Result | undefined;
  }

  all(params: Params): Result[] {
    return this.statement.all(params) as Result[];
  }

  /** How many rows the statement changed. */
  run(params: Params): number {
    const changes = Number(this.statement.run(params).changes);
    this.afterWrite();
    return changes;
  }
}

/**
 * One SQLite file of serialized entries (the built-in `node:sqlite`), shareable by several processes: WAL lets readers run beside the
 * writer and the busy timeout makes writers queue instead of failing. Expired rows are invisible to
 * every statement and deleted by a periodic sweep.
 */
export class SqliteEntries implements Entries {
  private readonly db: DatabaseSync;
  private readonly inode: number | undefined;
  private readonly sweeper: NodeJS.Timeout;
  private readonly statements;
  private readonly checkpointer: WalCheckpointer | undefined;

  constructor(
    readonly file: string,
    options: { sweepEveryMs?: number } = {},
  ) {
    this.db = new DatabaseSync(file, { timeout: BUSY_TIMEOUT_MS });
    try {
      this.db.exec('PRAGMA journal_mode = WAL');
      // In WAL mode NORMAL survives a process crash; only an OS crash may lose the last commits.
      this.db.exec('PRAGMA synchronous = NORMAL');
      if (file !== ':memory:') {
        // Checkpoints run in a worker thread (WalCheckpointer); the WAL file is cut back when it outgrew this.
        this.db.exec('PRAGMA wal_autocheckpoint = 0');
        this.db.exec(`PRAGMA journal_size_limit = ${64 * 1024 * 1024}`);
      }
      this.db.exec(SCHEMA);
    } catch (error) {
      this.db.close();
      throw error;
    }
    this.inode = file === ':memory:' ? undefined : statSync(file).ino;
    this.checkpointer =
      file === ':memory:'
        ? undefined
        : new WalCheckpointer(file, {
            checkpointInline: () => this.execIfOpen('PRAGMA wal_checkpoint(PASSIVE)'),
            resumeAutomatic: () => this.execIfOpen('PRAGMA wal_autocheckpoint = 1000'),
          });
    const afterWrite = () => this.checkpointer?.wrote();
    const prepare = <Params extends Record<string, SQLInputValue>, Result = never>(sql: string) =>
      new Statement<Params, Result>(this.db.prepare(sql), afterWrite);
    this.statements = {
      get: prepare<Where, { value: string }>(`SELECT value FROM entries WHERE namespace = @namespace AND key = @key AND ${LIVE}`),
      set: prepare<Omit<Row, 'now'>>(
        `INSERT INTO entries (namespace, key, value, expires) VALUES (@namespace, @key, @value, @expires)
         ON CONFLICT (namespace, key) DO UPDATE SET value = excluded.value, expires = excluded.expires`,
      ),
      // One statement: inserts, or replaces an expired row, or changes nothing.
      setIfAbsent: prepare<Row>(
        `INSERT INTO entries (namespace, key, value, expires) VALUES (@namespace, @key, @value, @expires)
         ON CONFLICT (namespace, key) DO UPDATE SET value = excluded.value, expires = excluded.expires
         WHERE entries.expires IS NOT NULL AND entries.expires <= @now`,
      ),
      delete: prepare<Where>(`DELETE FROM entries WHERE namespace = @namespace AND key = @key AND ${LIVE}`),
      deleteIfEqual: prepare<Where & Pick<Row, 'value'>>(
        `DELETE FROM entries WHERE namespace = @namespace AND key = @key AND value = @value AND ${LIVE}`,
      ),
      expireIfEqual: prepare<Row>(
        `UPDATE entries SET expires = @expires WHERE namespace = @namespace AND key = @key AND value = @value AND ${LIVE}`,
      ),
      // One statement: the row is written only when the guard row is live and holds the guard text.
      setIfHeld: prepare<Row & Guard>(
        `INSERT INTO entries (namespace, key, value, expires)
         SELECT @namespace, @key, @value, @expires WHERE EXISTS (
           SELECT 1 FROM entries WHERE namespace = @guardNamespace AND key = @guardKey AND value = @guardValue AND ${LIVE})
         ON CONFLICT (namespace, key) DO UPDATE SET value = excluded.value, expires = excluded.expires`,
      ),
      clear: prepare<{ namespace: string }>('DELETE FROM entries WHERE namespace = @namespace'),
      list: prepare<Pick<Row, 'namespace' | 'now'>, { key: string; value: string }>(
        `SELECT key, value FROM entries WHERE namespace = @namespace AND ${LIVE} ORDER BY key`,
      ),
      sweep: prepare<{ now: number }>('DELETE FROM entries WHERE expires IS NOT NULL AND expires <= @now'),
      probe: prepare<Record<string, never>, unknown>('SELECT 1 FROM entries LIMIT 1'),
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
    return this.statements.setIfAbsent.run({ namespace, key, value, expires: expiresAt(ttlMs, now), now }) === 1;
  }

  delete(namespace: string, key: string): boolean {
    return this.statements.delete.run({ namespace, key, now: Date.now() }) > 0;
  }

  deleteIfEqual(namespace: string, key: string, value: string): boolean {
    return this.statements.deleteIfEqual.run({ namespace, key, value, now: Date.now() }) > 0;
  }

  expireIfEqual(namespace: string, key: string, value: string, ttlMs: number): boolean {
    const now = Date.now();
    return this.statements.expireIfEqual.run({ namespace, key, value, expires: expiresAt(ttlMs, now), now }) > 0;
  }

  setIfHeld(entry: SerializedEntry, guard: SerializedEntry, ttlMs?: number): boolean {
    const now = Date.now();
    const written = this.statements.setIfHeld.run({
      namespace: entry.namespace,
      key: entry.key,
      value: entry.serialized,
      expires: expiresAt(ttlMs, now),
      guardNamespace: guard.namespace,
      guardKey: guard.key,
      guardValue: guard.serialized,
      now,
    });
    return written > 0;
  }

  clear(namespace: string): void {
    this.statements.clear.run({ namespace });
  }

  // Rows are read at once, so no cursor stays open while the caller works between two entries.
  list(namespace: string): Array<[string, string]> {
    return this.statements.list.all({ namespace, now: Date.now() }).map((row) => [row.key, row.value]);
  }

  /** Deletes expired rows; returns how many. */
  sweep(): number {
    if (!this.db.isOpen) return 0;
    return this.statements.sweep.run({ now: Date.now() });
  }

  /** Throws with the reason when the file can no longer keep state. */
  ping(): void {
    if (!this.db.isOpen) throw new Error(`the state file ${this.file} is closed`);
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
    this.statements.probe.get({});
  }

  /** For the checkpointer, whose answers may come after the store was closed. */
  private execIfOpen(sql: string): void {
    if (this.db.isOpen) this.db.exec(sql);
  }

  close(): void {
    clearInterval(this.sweeper);
    this.checkpointer?.close();
    if (this.db.isOpen) this.db.close();
  }
}

function expiresAt(ttlMs: number | undefined, now = Date.now()): number | null {
  return ttlMs === undefined ? null : now + ttlMs;
}
