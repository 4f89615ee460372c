// The lookup handed to net/tls.connect, called directly: no DNS, no packet.
import type { LookupAddress, LookupOptions } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { AddressRefusedError, createAddressGuard } from '../../src/net/address-guard.js';
import { pinnedLookup, type Resolve } from '../../src/net/pinned-dispatcher.js';

type Answer = { error: NodeJS.ErrnoException | null; address: string | LookupAddress[]; family?: number };

function callLookup(resolve: Resolve, options: LookupOptions, allow: string[] = []): Promise<Answer> {
  const lookup = pinnedLookup(createAddressGuard(allow), resolve);
  return new Promise((done) => lookup('host.test', options, (error, address, family) => done({ error, address, family })));
}

const answers =
  (...addresses: LookupAddress[]): Resolve =>
  async () =>
    addresses;

describe('pinned lookup', () => {
  it('answers with the checked addresses, in the form asked for', async () => {
    const resolve = answers({ address: '93.184.215.14', family: 4 }, { address: '2606:2800::1', family: 6 });
    expect(await callLookup(resolve, { all: true })).toEqual({
      error: null,
      address: [
        { address: '93.184.215.14', family: 4 },
        { address: '2606:2800::1', family: 6 },
      ],
      family: undefined,
    });
    expect(await callLookup(resolve, {})).toEqual({ error: null, address: '93.184.215.14', family: 4 });
    expect(await callLookup(resolve, { family: 6 })).toEqual({ error: null, address: '2606:2800::1', family: 6 });
  });

  it.each(['10.0.0.1', '169.254.169.254', '127.0.0.1', '::1', 'fd00::1', '::ffff:192.168.0.1'])(
    'refuses a name resolving to %s before any connection',
    async (address) => {
      const { error } = await callLookup(answers({ address, family: address.includes(':') ? 6 : 4 }), { all: true });
      expect(error).toBeInstanceOf(AddressRefusedError);
      expect(error?.message).toContain('host.test');
    },
  );

  it('refuses a name when any of its answers is refused, even if another is public', async () => {
    const resolve = answers({ address: '93.184.215.14', family: 4 }, { address: '10.0.0.1', family: 4 });
    const { error } = await callLookup(resolve, { all: true });
    expect(error).toBeInstanceOf(AddressRefusedError);
  });

  it('lets an allowed network through', async () => {
    const { error, address } = await callLookup(answers({ address: '10.0.0.1', family: 4 }), {}, ['10.0.0.0/8']);
    expect(error).toBeNull();
    expect(address).toBe('10.0.0.1');
  });

  it('passes resolution failures on', async () => {
    const failure = Object.assign(new Error('getaddrinfo ENOTFOUND host.test'), { code: 'ENOTFOUND' });
    const { error } = await callLookup(() => Promise.reject(failure), {});
    expect(error).toBe(failure);
    const empty = await callLookup(answers(), {});
    expect(empty.error?.message).toContain('no address');
  });
});
