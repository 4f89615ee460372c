import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '../../src/log.js';
import { createSqliteStore } from '../../src/state/sqlite-store.js';
import { NAMESPACES } from '../../src/state/namespaces.js';
import { defineRecord } from '../../src/state/record-kind.js';
import { Records } from '../../src/state/records.js';

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: createLogger({ level: 'info', destination }) };
}

const subscriptionV2 = defineRecord({
  namespace: 'notify:subscriptions',
  version: 2,
  schema: z.object({ channel: z.string(), filters: z.array(z.string()) }),
  // Version 1 (and records written before versions) kept the filters as one space-separated string.
  migrate: (old) => {
    const value = old as { channel?: unknown; filter?: unknown };
    if (typeof value.channel !== 'string') return undefined;
    return { channel: value.channel, filters: typeof value.filter === 'string' ? value.filter.split(' ').filter(Boolean) : [] };
  },
});

describe('typed records', () => {
  it('reads back what it wrote, validated', async () => {
    const store = createSqliteStore(':memory:');
    const records = new Records(store);
    await records.set(subscriptionV2, 'P1', { channel: 'C1', filters: ['#bug'] });
    expect(await records.get(subscriptionV2, 'P1')).toEqual({ channel: 'C1', filters: ['#bug'] });
    expect(await records.get(subscriptionV2, 'P2')).toBeUndefined();
    await store.close();
  });

  it('migrates a record of an older shape, whether it carried a version or predates versions', async () => {
    const store = createSqliteStore(':memory:');
    const { lines, logger } = capturingLogger();
    const records = new Records(store, logger);
    await store.set('notify:subscriptions', 'unversioned', { channel: 'C1', filter: '#bug !urgent' });
    await store.set('notify:subscriptions', 'v1', { $v: 1, value: { channel: 'C2', filter: '' } });
    expect(await records.get(subscriptionV2, 'unversioned')).toEqual({ channel: 'C1', filters: ['#bug', '!urgent'] });
    expect(await records.get(subscriptionV2, 'v1')).toEqual({ channel: 'C2', filters: [] });
    expect(lines).toEqual([]);
    await store.close();
  });

  it('reports and skips a record that cannot be migrated or does not fit, without throwing', async () => {
    const store = createSqliteStore(':memory:');
    const { lines, logger } = capturingLogger();
    const records = new Records(store, logger);
    await store.set('notify:subscriptions', 'lost', { filter: '#bug' });
    await store.set('notify:subscriptions', 'corrupt', { $v: 2, value: { channel: 7, filters: 'x' } });
    expect(await records.get(subscriptionV2, 'lost')).toBeUndefined();
    expect(await records.get(subscriptionV2, 'corrupt')).toBeUndefined();
    expect(lines.map((line) => [line.msg, line.key, line.namespace])).toEqual([
      ['a record of an older shape was discarded: it cannot be migrated', 'lost', 'notify:subscriptions'],
      ['a record that does not fit its schema was skipped', 'corrupt', 'notify:subscriptions'],
    ]);
    expect(lines[1]?.problems).toEqual([
      'channel: Invalid input: expected string, received number',
      'filters: Invalid input: expected array, received string',
    ]);
    await store.close();
  });

  it('claims, releases and guards through the same versioned values', async () => {
    const store = createSqliteStore(':memory:');
    const records = new Records(store);
    const lease = defineRecord({ namespace: 'agent:lease', version: 1, schema: z.string(), ttlMs: 60_000 });
    const run = defineRecord({ namespace: 'agent:run', version: 1, schema: z.object({ id: z.string() }) });
    expect(await records.claim(lease, 'r1', 'me')).toBe(true);
    expect(await records.claim(lease, 'r1', 'other')).toBe(false);
    expect(await records.setIfHeld(run, 'r1', { id: 'r1' }, { kind: lease, key: 'r1', value: 'other' })).toBe(false);
    expect(await records.setIfHeld(run, 'r1', { id: 'r1' }, { kind: lease, key: 'r1', value: 'me' })).toBe(true);
    expect(await records.extend(lease, 'r1', 'me', 60_000)).toBe(true);
    expect(await records.release(lease, 'r1', 'other')).toBe(false);
    expect(await records.release(lease, 'r1', 'me')).toBe(true);
    expect(await records.get(run, 'r1')).toEqual({ id: 'r1' });
    await store.close();
  });

  it('docs/state.md lists exactly the declared namespaces', () => {
    const doc = readFileSync(new URL('../../docs/state.md', import.meta.url), 'utf8');
    const listed = [...doc.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]);
    expect(listed).toEqual(Object.keys(NAMESPACES));
  });
});
