import { z } from 'zod';
import type { Namespace } from '../../src/state/namespaces.js';
import { defineRecord } from '../../src/state/record-kind.js';
import type { StateStore } from '../../src/state/store.js';

const anyRecord = (namespace: Namespace) => defineRecord({ namespace, version: 1, schema: z.unknown() });

/** Reads a record as whatever it holds, for tests that look at what the bot keeps without its owner's types. */
export function peek<T = unknown>(store: StateStore, namespace: Namespace, key: string): Promise<T | undefined> {
  return store.get(anyRecord(namespace), key) as Promise<T | undefined>;
}

/** Deletes a record, as a process that stopped at the wrong moment would have left it unwritten. */
export async function forget(store: StateStore, namespace: Namespace, key: string): Promise<void> {
  await store.delete(anyRecord(namespace), key);
}
