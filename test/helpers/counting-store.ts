import type { StateStore } from '../../src/state/store.js';

/** The store, counting its reads of one namespace: what a test of a cache in front of it checks. */
export function countingReads(store: StateStore, namespace: string): { store: StateStore; reads: () => number } {
  let reads = 0;
  const counted: StateStore = Object.create(store) as StateStore;
  counted.get = (kind, key) => {
    if (kind.namespace === namespace) reads += 1;
    return store.get(kind, key);
  };
  return { store: counted, reads: () => reads };
}
