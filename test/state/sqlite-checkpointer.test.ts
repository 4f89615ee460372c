import { mkdtemp, rm } from 'node:fs/promises';
import { statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WalCheckpointer } from '../../src/state/sqlite-checkpointer.js';
import { SqliteEntries } from '../../src/state/sqlite-entries.js';

const WAIT_MS = 20_000;

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`waited ${WAIT_MS} ms for ${what}`);
    await sleep(20);
  }
}

describe('WAL checkpoints off the writing thread', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'planebot-checkpoint-'));
    file = join(dir, 'state.sqlite');
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('the writing connection never checkpoints: the database file grows only through the worker', async () => {
    const entries = new SqliteEntries(file);
    try {
      const empty = statSync(file).size;
      const value = 'v'.repeat(2_000);
      // Fewer writes than a checkpoint waits for: everything stays in the WAL.
      for (let i = 0; i < 400; i++) entries.set('ns', `k${i}`, `${value}${i}`);
      await sleep(200);
      expect(statSync(file).size).toBe(empty);
      // Past it: the worker copies the WAL into the file.
      for (let i = 400; i < 600; i++) entries.set('ns', `k${i}`, `${value}${i}`);
      await until(() => statSync(file).size > 600 * 2_000, 'the checkpoint to fill the database file');
      expect(entries.get('ns', 'k599')).toBe(`${value}599`);
    } finally {
      entries.close();
    }
  });

  it('turns SQLite’s own checkpoint back on when the worker cannot open the file', async () => {
    let resumed = false;
    let inline = 0;
    const checkpointer = new WalCheckpointer(join(dir, 'no such folder', 'state.sqlite'), {
      checkpointInline: () => inline++,
      resumeAutomatic: () => {
        resumed = true;
      },
    });
    for (let i = 0; i < 500; i++) checkpointer.wrote();
    await until(() => resumed, 'the fallback');
    // Once failed, it asks nothing more of a worker.
    for (let i = 0; i < 1_000; i++) checkpointer.wrote();
    expect(inline).toBe(0);
    checkpointer.close();
  });
});
