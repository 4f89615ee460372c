import { createMemoryStore } from '../../src/state/memory-store.js';
import { describeStoreContract } from './store.contract.js';

describeStoreContract('memory', {
  fresh: async () => createMemoryStore(),
  cleanUp: async () => {},
});
