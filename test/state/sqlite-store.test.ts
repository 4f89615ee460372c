import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteStore } from '../../src/state/sqlite-store.js';
import { describeStoreContract } from './store.contract.js';

let dir: string | undefined;
let file = '';

describeStoreContract('sqlite file', {
  async fresh() {
    dir = await mkdtemp(join(tmpdir(), 'planebot-state-'));
    file = join(dir, 'state.sqlite');
    return createSqliteStore(file);
  },
  again: async () => createSqliteStore(file),
  async breakBackend() {
    await rm(file);
    return /state file .*state\.sqlite is gone/;
  },
  async cleanUp() {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  },
});
