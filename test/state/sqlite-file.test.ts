import { spawn } from 'node:child_process';
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { createSqliteStore } from '../../src/state/sqlite-store.js';
import type { KeyValueStore as StateStore } from '../../src/state/store.js';

const contender = new URL('./fixtures/claim-race.ts', import.meta.url).pathname;

/** Starts a contender process and resolves once it has opened the file. */
async function startContender(file: string, keys: number, id: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', contender, file, String(keys), id], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => {
    const line = await Promise.race([lines.next(), sleep(20_000).then(() => ({ done: true, value: 'timeout' }))]);
    if (line.done) throw new Error(`contender ${id} stopped answering (${String(line.value)})`);
    return line.value;
  };
  expect(await next()).toBe('ready');
  return {
    child,
    go: () => child.stdin.write('go\n'),
    won: async () => JSON.parse(await next()) as string[],
  };
}

describe('SQLite state file', () => {
  let dir: string;
  let file: string;
  const stores: StateStore[] = [];
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'planebot-sqlite-'));
    file = join(dir, 'state.sqlite');
  });
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((s) => s.close()));
    await rm(dir, { recursive: true, force: true });
  });

  it('gives each key to exactly one of four processes racing for claims', async () => {
    const keys = 2000;
    const setup = createSqliteStore(file);
    stores.push(setup);
    const contenders = await Promise.all(['a', 'b', 'c', 'd'].map((id) => startContender(file, keys, id)));
    try {
      for (const c of contenders) c.go();
      const won = await Promise.all(contenders.map((c) => c.won()));
      const all = won.flat();
      expect(all).toHaveLength(keys);
      expect(new Set(all).size).toBe(keys);
      for (const [index, keysWon] of won.entries()) {
        for (const key of keysWon) expect(await setup.get('events', key)).toBe(['a', 'b', 'c', 'd'][index]);
      }
    } finally {
      for (const c of contenders) c.child.kill();
    }
  });

  it('uses WAL and sweeps expired rows out of the file', async () => {
    const store = createSqliteStore(file, { sweepEveryMs: 30 });
    stores.push(store);
    await store.set('cache', 'short', 1, 10);
    expect(await store.claim('events', 'short', 1, 10)).toBe(true);
    await store.set('cache', 'kept', 1);
    const raw = new DatabaseSync(file, { readOnly: true });
    try {
      expect(raw.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
      const count = () => raw.prepare('SELECT count(*) AS n FROM entries').get() as { n: number };
      for (let i = 0; count().n > 1; i++) {
        if (i > 200) throw new Error('expired rows were never swept');
        await sleep(20);
      }
      expect(raw.prepare('SELECT namespace, key FROM entries').all()).toEqual([{ namespace: 'cache', key: 'kept' }]);
    } finally {
      raw.close();
    }
  });

  it('fails ping when the file is replaced under it', async () => {
    const store = createSqliteStore(file);
    stores.push(store);
    await store.set('runs', 'r', 1);
    await writeFile(join(dir, 'other'), '');
    await rename(join(dir, 'other'), file);
    await expect(store.ping()).rejects.toThrow(/state file .* was replaced while open/);
  });
});
