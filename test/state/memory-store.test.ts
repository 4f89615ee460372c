import { createSqliteStore } from '../../src/state/sqlite-store.js';
import { describeStoreContract } from './store.contract.js';

describeStoreContract('memory', {
  fresh: async () => createSqliteStore(':memory:'),
  cleanUp: async () => {},
});
