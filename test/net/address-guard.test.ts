// Pure checks: no packet is sent by anything in this file.
import { describe, expect, it } from 'vitest';
import { AddressRefusedError, createAddressGuard, parseAddress, refusalReason } from '../../src/net/address-guard.js';

const closed = createAddressGuard([]);

function refusedUrl(guard: ReturnType<typeof createAddressGuard>, url: string): string {
  try {
    guard.checkUrl(new URL(url));
  } catch (error) {
    expect(error).toBeInstanceOf(AddressRefusedError);
    return (error as Error).message;
  }
  throw new Error(`${url} was not refused`);
}

describe('address guard: URLs', () => {
  it.each([
    ['http://127.0.0.1/', 'loopback'],
    ['http://127.0.0.2:8080/x', 'loopback'],
    ['http://localhost./', undefined], // a name: judged on its resolved address, not here
    ['http://0.0.0.0/', 'unspecified'],
    ['http://0/', 'unspecified'],
    ['http://[::]/', 'unspecified'],
    ['http://[::1]/', 'loopback'],
    ['http://[0:0:0:0:0:0:0:1]/', 'loopback'],
    ['http://[::ffff:127.0.0.1]/', 'loopback'],
    ['http://[::ffff:7f00:1]/', 'loopback'],
    ['http://[::ffff:169.254.169.254]/', 'link-local'],
    ['http://2130706433/', 'loopback'],
    ['http://017700000001/', 'loopback'],
    ['http://0177.0.0.1/', 'loopback'],
    ['http://0x7f.0.0.1/', 'loopback'],
    ['http://0x7f000001/', 'loopback'],
    ['http://127.1/', 'loopback'],
    ['http://127.0.1/', 'loopback'],
    ['http://169.254.169.254/latest/meta-data/', 'link-local'],
    ['http://0xa9fea9fe/', 'link-local'],
    ['http://10.0.0.1/', 'private'],
    ['http://012.1/', 'private'],
    ['http://172.16.5.4/', 'private'],
    ['http://192.168.1.1/', 'private'],
    ['http://100.64.0.1/', 'carrier-grade NAT'],
    ['http://[fd00:ec2::254]/', 'unique-local'],
    ['http://[fc00::1]/', 'unique-local'],
    ['http://[fe80::1]/', 'link-local'],
    ['http://[::7f00:1]/', 'reserved IPv6'],
    ['http://[64:ff9b::7f00:1]/', 'NAT64'],
    ['http://[2002:7f00:1::1]/', '6to4'],
    ['http://224.0.0.1/', 'multicast'],
    ['http://255.255.255.255/', 'broadcast'],
    ['https://127.0.0.1/', 'loopback'],
  ])('%s', (url, words) => {
    if (words === undefined) {
      expect(() => closed.checkUrl(new URL(url))).not.toThrow();
      return;
    }
    expect(refusedUrl(closed, url)).toContain(words);
  });

  it.each([
    'file:///etc/passwd',
    'ftp://ftp.example.com/x',
    'gopher://example.com/',
    'data:text/plain,hi',
    'javascript:alert(1)',
    'ws://example.com/',
  ])('refuses the non-HTTP URL %s', (url) => {
    expect(refusedUrl(closed, url)).toMatch(/only fetches http:\/\/ and https:\/\//);
  });

  it('lets public addresses and host names through', () => {
    for (const url of ['https://example.com/', 'http://93.184.215.14/', 'http://[2606:4700::1111]/', 'http://8.8.8.8:53/']) {
      expect(() => closed.checkUrl(new URL(url))).not.toThrow();
    }
  });

  it('names the address in its canonical form and says how to open it', () => {
    const message = refusedUrl(closed, 'http://0177.0.0.1/');
    expect(message).toContain('127.0.0.1 is a loopback address');
    expect(message).toContain('PLANEBOT_WEBFETCH_ALLOW');
  });

  it('names the fetcher in its advice and carries the bare reason', () => {
    const named = createAddressGuard([], 'WebFetch');
    expect(refusedUrl(named, 'ftp://example.com/')).toBe('Refused ftp: URL: WebFetch only fetches http:// and https:// URLs.');
    expect(refusedUrl(named, 'http://10.0.0.5/x.png')).toBe(
      'Refused http://10.0.0.5/x.png: 10.0.0.5 is a private address. WebFetch only reaches public addresses unless PLANEBOT_WEBFETCH_ALLOW names the host or its network.',
    );
    const reasons = [
      () => named.checkUrl(new URL('http://0xa9fea9fe/')),
      () => named.checkResolved('intranet.test', '10.0.0.1'),
      () => named.checkResolved('odd.test', 'nonsense'),
      () => named.checkUrl(new URL('gopher://example.com/')),
    ].map((check) => {
      try {
        check();
      } catch (error) {
        return (error as AddressRefusedError).reason;
      }
      return 'not refused';
    });
    expect(reasons).toEqual([
      '169.254.169.254 is a link-local address (where cloud metadata services live)',
      'intranet.test resolves to 10.0.0.1, a private address',
      'odd.test resolved to "nonsense", which is not an address',
      'gopher: is not http: or https:',
    ]);
  });
});

describe('address guard: resolved addresses', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['10.0.0.1', 'private'],
    ['100.100.100.200', 'carrier-grade NAT'],
    ['fd12::1', 'unique-local'],
    ['0.0.0.0', 'unspecified'],
  ])('refuses a name resolving to %s', (address, words) => {
    expect(() => closed.checkResolved('evil.test', address)).toThrow(words);
    expect(() => closed.checkResolved('evil.test', address)).toThrow(AddressRefusedError);
  });

  it('accepts public answers and refuses something that is no address', () => {
    expect(() => closed.checkResolved('example.com', '93.184.215.14')).not.toThrow();
    expect(() => closed.checkResolved('example.com', '2606:4700::1111')).not.toThrow();
    expect(() => closed.checkResolved('example.com', 'not-an-address')).toThrow(AddressRefusedError);
  });
});

describe('address guard: the allow list', () => {
  const guard = createAddressGuard(['intranet.corp', 'Wiki.Corp.', '10.1.0.0/16', '127.0.0.1', '[fd00::5]', ' ']);

  it('opens a named host whatever it resolves to, and only that host', () => {
    expect(() => guard.checkUrl(new URL('http://intranet.corp/'))).not.toThrow();
    expect(() => guard.checkResolved('intranet.corp', '10.9.9.9')).not.toThrow();
    expect(() => guard.checkResolved('WIKI.corp', '192.168.0.3')).not.toThrow();
    expect(() => guard.checkResolved('other.corp', '10.9.9.9')).toThrow('private');
  });

  it('opens addresses inside a listed CIDR or equal to a listed address', () => {
    expect(() => guard.checkResolved('any.test', '10.1.200.3')).not.toThrow();
    expect(() => guard.checkUrl(new URL('http://10.1.0.7/'))).not.toThrow();
    expect(() => guard.checkUrl(new URL('http://127.0.0.1:3000/'))).not.toThrow();
    expect(() => guard.checkUrl(new URL('http://2130706433/'))).not.toThrow();
    expect(() => guard.checkUrl(new URL('http://[fd00::5]/'))).not.toThrow();
    expect(() => guard.checkUrl(new URL('http://10.2.0.1/'))).toThrow('private');
    expect(() => guard.checkUrl(new URL('http://127.0.0.2/'))).toThrow('loopback');
    expect(() => guard.checkUrl(new URL('http://[::1]/'))).toThrow('loopback');
  });

  it('never opens a non-HTTP scheme, even for a listed host', () => {
    expect(() => guard.checkUrl(new URL('ftp://intranet.corp/'))).toThrow(AddressRefusedError);
  });

  it('rejects a malformed entry at construction', () => {
    expect(() => createAddressGuard(['http://intranet.corp/'])).toThrow(/PLANEBOT_WEBFETCH_ALLOW/);
    expect(() => createAddressGuard(['bad host'])).toThrow(/PLANEBOT_WEBFETCH_ALLOW/);
  });
});

describe('address classification', () => {
  it('unwraps IPv4-mapped IPv6 and accepts only public unicast', () => {
    expect(parseAddress('[::ffff:10.0.0.1]')?.toString()).toBe('10.0.0.1');
    expect(parseAddress('example.com')).toBeUndefined();
    expect(refusalReason(parseAddress('1.1.1.1')!)).toBeUndefined();
    expect(refusalReason(parseAddress('2001:4860:4860::8888')!)).toBeUndefined();
    expect(refusalReason(parseAddress('192.0.2.1')!)).toMatch(/special-purpose/);
  });
});
