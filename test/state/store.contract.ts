import { afterEach, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import type { KeyValueStore as StateStore } from '../../src/state/store.js';

/** How the shared suite reaches one backend. Every test starts from `fresh()`. */
export interface StoreHarness {
  /** A store over a new, empty backend. */
  fresh(): Promise<StateStore>;
  /** Another store over the backend of the last `fresh()`: a restart, or another replica. */
  again?(): Promise<StateStore>;
  /** Takes the backend of the last `fresh()` away (stop the server, remove the file); returns the reason ping must give. */
  breakBackend?(): Promise<RegExp>;
  /** Called after each test: stop what the harness started. */
  cleanUp(): Promise<void>;
}

/** Polls until `read` gives undefined; fails after a bounded time. */
export async function untilGone(read: () => Promise<unknown>, boundMs = 5_000): Promise<void> {
  const deadline = Date.now() + boundMs;
  while ((await read()) !== undefined) {
    if (Date.now() > deadline) throw new Error(`still present after ${boundMs} ms`);
    await sleep(20);
  }
}

export function describeStoreContract(name: string, harness: StoreHarness): void {
  describe(`StateStore contract: ${name}`, () => {
    const opened: StateStore[] = [];
    const fresh = async () => {
      const store = await harness.fresh();
      opened.push(store);
      return store;
    };
    const again = async () => {
      const store = await harness.again!();
      opened.push(store);
      return store;
    };
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((store) => store.close()));
      await harness.cleanUp();
    });

    it('sets, gets, overwrites and deletes JSON values', async () => {
      const store = await fresh();
      const run = { id: 'r1', steps: [{ tool: 'plane_list', ok: true }], at: 1_700_000_000_000, note: null };
      await store.set('runs', 'r1', run);
      expect(await store.get('runs', 'r1')).toEqual(run);
      await store.set('runs', 's', ':leading colon and "quotes"');
      expect(await store.get('runs', 's')).toBe(':leading colon and "quotes"');
      // Strings starting with ':' inside arrays and objects, and texts that only look like them.
      const tagged = { list: [':a', 'b', '::c'], nested: { ':key': ':value', plain: 'x ":" y', quote: '[":' } };
      await store.set('runs', 'tagged', tagged);
      expect(await store.get('runs', 'tagged')).toEqual(tagged);
      await store.set('runs', 'nothing', null);
      expect(await store.get('runs', 'nothing')).toBeNull();
      await store.set('runs', 'r1', 42);
      expect(await store.get('runs', 'r1')).toBe(42);
      expect(await store.get('runs', 'missing')).toBeUndefined();
      expect(await store.delete('runs', 'r1')).toBe(true);
      expect(await store.delete('runs', 'r1')).toBe(false);
      expect(await store.get('runs', 'r1')).toBeUndefined();
    });

    it('keeps namespaces apart', async () => {
      const store = await fresh();
      await store.set('threads', 'k', 'thread');
      await store.set('threads:archive', 'k', 'archived');
      await store.set('runs', 'k', 'run');
      expect(await store.claim('approvals', 'k', 'approval')).toBe(true);
      expect(await store.get('threads', 'k')).toBe('thread');
      expect(await store.get('threads:archive', 'k')).toBe('archived');
      expect(await store.get('runs', 'k')).toBe('run');
      await store.delete('threads', 'k');
      await store.keyv('runs').clear();
      expect(await store.get('threads', 'k')).toBeUndefined();
      expect(await store.get('runs', 'k')).toBeUndefined();
      expect(await store.get('threads:archive', 'k')).toBe('archived');
      expect(await store.get('approvals', 'k')).toBe('approval');
    });

    it('refuses namespaces that could collide and TTLs that mean nothing', async () => {
      const store = await fresh();
      for (const bad of ['', 'a::b', 'a:', ':a', 'a*', 'a b']) {
        await expect(store.set(bad, 'k', 1)).rejects.toThrow(/invalid state namespace/);
      }
      await expect(store.set('runs', 'k', 1, -5)).rejects.toThrow(RangeError);
      await expect(store.claim('runs', 'k', undefined)).rejects.toThrow(TypeError);
    });

    it('expires a value after its TTL and keeps one without', async () => {
      const store = await fresh();
      await store.set('cache', 'short', 'soon gone', 60);
      await store.set('cache', 'long', 'kept');
      expect(await store.get('cache', 'short')).toBe('soon gone');
      await untilGone(() => store.get('cache', 'short'));
      expect(await store.get('cache', 'long')).toBe('kept');
      expect(await store.delete('cache', 'short')).toBe(false);
    });

    it('lets exactly one of 50 concurrent claims win, and get reads the winner', async () => {
      const store = await fresh();
      const results = await Promise.all(Array.from({ length: 50 }, (_, i) => store.claim('events', 'Ev123', { by: i }, 60_000)));
      const winners = results.flatMap((won, i) => (won ? [i] : []));
      expect(winners).toHaveLength(1);
      expect(await store.get('events', 'Ev123')).toEqual({ by: winners[0] });
      expect(await store.keyv('events').get('Ev123')).toEqual({ by: winners[0] });
    });

    it('does not claim over a value written by set', async () => {
      const store = await fresh();
      await store.set('approvals', 'a1', { decision: 'pending' });
      expect(await store.claim('approvals', 'a1', { decision: 'approved' })).toBe(false);
      expect(await store.get('approvals', 'a1')).toEqual({ decision: 'pending' });
    });

    it('lets a claim expire with its TTL and be claimed again', async () => {
      const store = await fresh();
      expect(await store.claim('events', 'Ev1', 'first', 80)).toBe(true);
      expect(await store.claim('events', 'Ev1', 'second', 80)).toBe(false);
      expect(await store.get('events', 'Ev1')).toBe('first');
      await untilGone(() => store.get('events', 'Ev1'));
      expect(await store.claim('events', 'Ev1', 'third', 60_000)).toBe(true);
      expect(await store.get('events', 'Ev1')).toBe('third');
    });

    it('releases an entry only for the value it holds', async () => {
      const store = await fresh();
      expect(await store.claim('agent:lock', 'runs', { owner: 'a', n: 1 }, 60_000)).toBe(true);
      expect(await store.release('agent:lock', 'runs', { owner: 'b', n: 1 })).toBe(false);
      expect(await store.release('agent:lock', 'runs', { owner: 'a' })).toBe(false);
      expect(await store.release('agent:lock', 'other', { owner: 'a', n: 1 })).toBe(false);
      expect(await store.get('agent:lock', 'runs')).toEqual({ owner: 'a', n: 1 });
      // A deep-equal copy, not the same object.
      expect(await store.release('agent:lock', 'runs', { owner: 'a', n: 1 })).toBe(true);
      expect(await store.get('agent:lock', 'runs')).toBeUndefined();
      expect(await store.release('agent:lock', 'runs', { owner: 'a', n: 1 })).toBe(false);
      expect(await store.claim('agent:lock', 'runs', 'next', 60_000)).toBe(true);
      // Values written by set compare the same way, with or without a TTL.
      await store.set('runs', 'plain', ':text');
      await store.set('runs', 'timed', [1, { a: null }], 60_000);
      expect(await store.release('runs', 'plain', 'text')).toBe(false);
      expect(await store.release('runs', 'plain', ':text')).toBe(true);
      expect(await store.release('runs', 'timed', [1, { a: null }])).toBe(true);
      expect(await store.get('runs', 'timed')).toBeUndefined();
      await expect(store.release('runs', 'k', undefined)).rejects.toThrow(TypeError);
    });

    it('does not release an expired entry, nor the claim another store made after it', async () => {
      const owner = await fresh();
      const other = harness.again ? await again() : owner;
      expect(await owner.claim('agent:lock', 'k', 'old', 60)).toBe(true);
      await untilGone(() => owner.get('agent:lock', 'k'));
      expect(await owner.release('agent:lock', 'k', 'old')).toBe(false);
      expect(await other.claim('agent:lock', 'k', 'new', 60_000)).toBe(true);
      expect(await owner.release('agent:lock', 'k', 'old')).toBe(false);
      expect(await owner.get('agent:lock', 'k')).toBe('new');
      expect(await other.get('agent:lock', 'k')).toBe('new');
    });

    it('keeps release and claim exact when they race', async () => {
      const owner = await fresh();
      const other = harness.again ? await again() : owner;
      const race = (key: string, release: Promise<boolean>) =>
        Promise.all([release, ...Array.from({ length: 20 }, (_, i) => other.claim('agent:lock', key, i, 60_000))]);
      for (let round = 0; round < 10; round++) {
        // A live lock released while others claim it: the release wins, then at most one claim.
        const live = `live-${round}`;
        expect(await owner.claim('agent:lock', live, 'holder', 60_000)).toBe(true);
        const [released, ...claimed] = await race(live, owner.release('agent:lock', live, 'holder'));
        expect(released).toBe(true);
        const winners = claimed.flatMap((won, i) => (won ? [i] : []));
        expect(winners.length).toBeLessThanOrEqual(1);
        expect(await owner.get('agent:lock', live)).toBe(winners[0]);

        // A lock that expired under its holder: exactly one claim wins and the late release spares it.
        const stale = `stale-${round}`;
        expect(await owner.claim('agent:lock', stale, 'holder', 30)).toBe(true);
        await untilGone(() => owner.get('agent:lock', stale));
        const [late, ...taken] = await race(stale, owner.release('agent:lock', stale, 'holder'));
        expect(late).toBe(false);
        const winner = taken.indexOf(true);
        expect(taken.filter(Boolean)).toHaveLength(1);
        expect(await owner.get('agent:lock', stale)).toBe(winner);
        expect(await other.release('agent:lock', stale, winner)).toBe(true);
      }
    });

    it('extends an entry only while it holds the expected value, and never revives one that lapsed', async () => {
      const owner = await fresh();
      const other = harness.again ? await again() : owner;
      expect(await owner.claim('agent:lease', 'run', { token: 'a' }, 400)).toBe(true);
      expect(await owner.extend('agent:lease', 'run', { token: 'b' }, 60_000)).toBe(false);
      expect(await owner.extend('agent:lease', 'missing', { token: 'a' }, 60_000)).toBe(false);
      // Extended well past its first TTL: it outlives it.
      for (let round = 0; round < 4; round++) {
        await sleep(150);
        expect(await other.extend('agent:lease', 'run', { token: 'a' }, 400)).toBe(true);
      }
      expect(await owner.get('agent:lease', 'run')).toEqual({ token: 'a' });
      // Left alone, it lapses; a late extend does not bring it back, nor touch the next holder's.
      await untilGone(() => owner.get('agent:lease', 'run'));
      expect(await owner.extend('agent:lease', 'run', { token: 'a' }, 60_000)).toBe(false);
      expect(await owner.get('agent:lease', 'run')).toBeUndefined();
      expect(await other.claim('agent:lease', 'run', { token: 'b' }, 300)).toBe(true);
      expect(await owner.extend('agent:lease', 'run', { token: 'a' }, 60_000)).toBe(false);
      expect(await other.extend('agent:lease', 'run', { token: 'b' }, 60_000)).toBe(true);
      await sleep(400);
      expect(await owner.get('agent:lease', 'run')).toEqual({ token: 'b' });
      await expect(owner.extend('agent:lease', 'run', { token: 'b' }, 0)).rejects.toThrow(RangeError);
      await expect(owner.extend('agent:lease', 'run', undefined, 1_000)).rejects.toThrow(TypeError);
    });

    it('sets an entry only while its guard holds the expected value', async () => {
      const owner = await fresh();
      const other = harness.again ? await again() : owner;
      const guard = (value: string) => ({ namespace: 'agent:lease', key: 'run', value });
      expect(await owner.setIfHeld('agent:run', 'run', { turn: 1 }, guard('a'))).toBe(false);
      expect(await owner.get('agent:run', 'run')).toBeUndefined();
      expect(await owner.claim('agent:lease', 'run', 'a', 100)).toBe(true);
      expect(await owner.setIfHeld('agent:run', 'run', { turn: 1 }, guard('a'), 60_000)).toBe(true);
      expect(await owner.setIfHeld('agent:run', 'run', { turn: 2 }, guard('a'))).toBe(true);
      expect(await owner.setIfHeld('agent:run', 'run', { turn: 9 }, guard('b'))).toBe(false);
      expect(await other.get('agent:run', 'run')).toEqual({ turn: 2 });
      // The guard lapses and another takes it: the first holder's write is refused, the new one's lands.
      await untilGone(() => owner.get('agent:lease', 'run'));
      expect(await owner.setIfHeld('agent:run', 'run', { turn: 3 }, guard('a'))).toBe(false);
      expect(await other.claim('agent:lease', 'run', 'b', 60_000)).toBe(true);
      expect(await owner.setIfHeld('agent:run', 'run', { turn: 3 }, guard('a'))).toBe(false);
      expect(await other.setIfHeld('agent:run', 'run', { turn: 3 }, guard('b'), 80)).toBe(true);
      expect(await owner.get('agent:run', 'run')).toEqual({ turn: 3 });
      // The TTL given applies to the written entry.
      await untilGone(() => owner.get('agent:run', 'run'));
      expect(await owner.get('agent:lease', 'run')).toBe('b');
      await expect(owner.setIfHeld('agent:run', 'run', 1, { namespace: 'a b', key: 'k', value: 1 })).rejects.toThrow(
        /invalid state namespace/,
      );
      await expect(owner.setIfHeld('agent:run', 'run', 1, { namespace: 'agent:lease', key: 'run', value: undefined })).rejects.toThrow(
        TypeError,
      );
    });

    it('keeps extend and setIfHeld exact when a takeover races them', async () => {
      const owner = await fresh();
      const other = harness.again ? await again() : owner;
      for (let round = 0; round < 10; round++) {
        const key = `lease-${round}`;
        expect(await owner.claim('agent:lease', key, 'old', 30)).toBe(true);
        await untilGone(() => owner.get('agent:lease', key));
        const guard = { namespace: 'agent:lease', key, value: 'old' };
        const [extended, written, taken] = await Promise.all([
          owner.extend('agent:lease', key, 'old', 60_000),
          owner.setIfHeld('agent:run', key, 'stale', guard),
          other.claim('agent:lease', key, 'new', 60_000),
        ]);
        expect([extended, written, taken]).toEqual([false, false, true]);
        expect(await owner.get('agent:lease', key)).toBe('new');
        expect(await owner.get('agent:run', key)).toBeUndefined();
      }
    });

    it('serves a namespace as a Keyv cache', async () => {
      const store = await fresh();
      const cache = store.keyv('plane-cache');
      expect(await cache.set('projects', [{ id: 'p1' }], 60_000)).toBe(true);
      await cache.set('states', { todo: 's1' });
      expect(await cache.get('projects')).toEqual([{ id: 'p1' }]);
      expect(await store.get('plane-cache', 'states')).toEqual({ todo: 's1' });
      expect(await cache.has('projects')).toBe(true);
      const listed: Array<[string, unknown]> = [];
      for await (const entry of cache.iterator()) listed.push(entry as [string, unknown]);
      expect(listed.sort(([a], [b]) => a.localeCompare(b))).toEqual([
        ['projects', [{ id: 'p1' }]],
        ['states', { todo: 's1' }],
      ]);
      expect(await cache.delete('projects')).toBe(true);
      expect(await cache.get('projects')).toBeUndefined();
      await cache.clear();
      expect(await store.get('plane-cache', 'states')).toBeUndefined();
    });

    it('answers ping while the backend is up, and rejects once the store is closed', async () => {
      const store = await fresh();
      await expect(store.ping()).resolves.toBeUndefined();
      await store.close();
      await expect(store.ping()).rejects.toThrow(/closed/);
      await expect(store.get('runs', 'k')).rejects.toThrow(/closed/);
      await expect(store.delete('runs', 'k')).rejects.toThrow(/closed/);
      await expect(store.claim('runs', 'k', 1)).rejects.toThrow(/closed/);
      await expect(store.release('runs', 'k', 1)).rejects.toThrow(/closed/);
      await expect(store.extend('runs', 'k', 1, 1_000)).rejects.toThrow(/closed/);
      await expect(store.setIfHeld('runs', 'k', 1, { namespace: 'runs', key: 'g', value: 1 })).rejects.toThrow(/closed/);
    });

    if (harness.again) {
      it('keeps values and claims across a reopen', async () => {
        const first = await fresh();
        await first.set('runs', 'r1', { status: 'waiting' });
        await first.set('cache', 'gone', 'x', 50);
        expect(await first.claim('events', 'Ev1', 'mine', 60_000)).toBe(true);
        await first.close();
        const second = await again();
        expect(await second.get('runs', 'r1')).toEqual({ status: 'waiting' });
        expect(await second.get('events', 'Ev1')).toBe('mine');
        expect(await second.claim('events', 'Ev1', 'theirs', 60_000)).toBe(false);
        await untilGone(() => second.get('cache', 'gone'));
      });

      it('keeps claims exactly-once between two stores on one backend', async () => {
        const one = await fresh();
        const two = await again();
        const results = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? one : two).claim('approvals', 'A1', i, 60_000)));
        expect(results.filter(Boolean)).toHaveLength(1);
        const winner = results.indexOf(true);
        expect(await one.get('approvals', 'A1')).toBe(winner);
        expect(await two.get('approvals', 'A1')).toBe(winner);
      });
    }

    if (harness.breakBackend) {
      it('fails ping with a reason once the backend is gone', async () => {
        const store = await fresh();
        await store.set('runs', 'k', 1);
        const reason = await harness.breakBackend!();
        await expect(store.ping()).rejects.toThrow(reason);
      });
    }
  });
}
