/**
 * Which URLs and addresses an outgoing fetch of a URL someone else wrote (WebFetch, an external image
 * in a Plane description) may reach: only http(s), only public unicast addresses, unless
 * the allow list (PLANEBOT_WEBFETCH_ALLOW) names the host or a network holding the address.
 *
 * Odd spellings of an address (`2130706433`, `0177.0.0.1`, `0x7f.1`, `127.1`, `[::ffff:127.0.0.1]`)
 * need no special code here: the WHATWG URL parser rewrites every one of them to its canonical form
 * for http(s), and ipaddr.js unwraps IPv4-mapped IPv6 before classifying.
 */
import ipaddr from 'ipaddr.js';
import { NetError } from './fetch-errors.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** A refusal by the guard; it reaches the caller as it stands, wherever in the fetch it happened. */
export class AddressRefusedError extends NetError {
  /** The refusal alone, without the URL or the advice, e.g. "10.0.0.5 is a private address". */
  readonly reason: string;

  constructor(message: string, reason: string) {
    super(message);
    this.name = 'AddressRefusedError';
    this.reason = reason;
  }
}

export interface AddressGuard {
  /** Checks what the URL alone tells: its scheme, and its host when that is an address literal. */
  checkUrl(url: URL): void;
  /** Checks one address that `hostname` resolved to, just before connecting to it. */
  checkResolved(hostname: string, address: string): void;
}

const ALLOWED_SCHEMES = new Set(['http:', 'https:']);

const RANGE_WORDS: Record<string, string> = {
  unspecified: 'the unspecified address',
  loopback: 'a loopback address',
  linkLocal: 'a link-local address (where cloud metadata services live)',
  private: 'a private address',
  carrierGradeNat: 'a carrier-grade NAT address',
  uniqueLocal: 'a unique-local address',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
  rfc6052: 'an IPv6 address embedding an IPv4 one (NAT64)',
  rfc6145: 'an IPv6 address embedding an IPv4 one (SIIT)',
  '6to4': 'an IPv6 address embedding an IPv4 one (6to4)',
  teredo: 'an IPv6 address embedding an IPv4 one (Teredo)',
};

/** Global unicast IPv6 lives in 2000::/3; anything else (e.g. IPv4-compatible `::7f00:1`) is refused. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/** Parses an address literal (brackets allowed); IPv4-mapped IPv6 comes back as IPv4. */
export function parseAddress(text: string): Address | undefined {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  return ipaddr.isValid(bare) ? ipaddr.process(bare) : undefined;
}

/** Why an address may not be reached, in plain words; undefined for a public unicast address. */
export function refusalReason(address: Address): string | undefined {
  const range = address.range();
  if (range === 'unicast') {
    if (address.kind() === 'ipv6' && !address.match(GLOBAL_UNICAST_V6)) return 'a reserved IPv6 address';
    return undefined;
  }
  return RANGE_WORDS[range] ?? `a special-purpose address (${range})`;
}

interface AllowList {
  hosts: Set<string>;
  networks: Array<[Address, number]>;
}

function normaliseHost(host: string): string {
  return host.toLowerCase().replace(/\.$/, '');
}

const HOST_NAME = /^[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*$/;

/** Reads PLANEBOT_WEBFETCH_ALLOW entries: host names, addresses or CIDRs. A malformed entry is a configuration error. */
function parseAllowList(entries: readonly string[]): AllowList {
  const allow: AllowList = { hosts: new Set(), networks: [] };
  for (const raw of entries) {
    const entry = raw.trim();
    if (entry === '') continue;
    if (ipaddr.isValidCIDR(entry)) {
      allow.networks.push(ipaddr.parseCIDR(entry));
      continue;
    }
    const address = parseAddress(entry);
    if (address) {
      allow.networks.push([address, address.kind() === 'ipv4' ? 32 : 128]);
      continue;
    }
    const host = normaliseHost(entry);
    if (!HOST_NAME.test(host)) throw new Error(`PLANEBOT_WEBFETCH_ALLOW: "${raw}" is neither a host name, an address nor a CIDR`);
    allow.hosts.add(host);
  }
  return allow;
}

function inNetworks(address: Address, networks: AllowList['networks']): boolean {
  return networks.some(([network, bits]) => network.kind() === address.kind() && address.match(network, bits));
}

/** `fetcher` names who fetches in the refusals' advice, e.g. "WebFetch". */
export function createAddressGuard(allowEntries: readonly string[], fetcher = 'Planebot'): AddressGuard {
  const allow = parseAllowList(allowEntries);
  const howToOpen = `${fetcher} only reaches public addresses unless PLANEBOT_WEBFETCH_ALLOW names the host or its network.`;
  const hostAllowed = (hostname: string) => allow.hosts.has(normaliseHost(hostname));

  /** The refusal for an address, or undefined when it may be reached. */
  const refuse = (address: Address): string | undefined => (inNetworks(address, allow.networks) ? undefined : refusalReason(address));

  return {
    checkUrl(url) {
      if (!ALLOWED_SCHEMES.has(url.protocol)) {
        throw new AddressRefusedError(
          `Refused ${url.protocol} URL: ${fetcher} only fetches http:// and https:// URLs.`,
          `${url.protocol} is not http: or https:`,
        );
      }
      if (hostAllowed(url.hostname)) return;
      const address = parseAddress(url.hostname);
      const reason = address && refuse(address);
      if (address && reason) {
        const refusal = `${address.toString()} is ${reason}`;
        throw new AddressRefusedError(`Refused ${url.href}: ${refusal}. ${howToOpen}`, refusal);
      }
    },
    checkResolved(hostname, text) {
      if (hostAllowed(hostname)) return;
      const address = parseAddress(text);
      if (!address) {
        throw new AddressRefusedError(
          `Refused ${hostname}: it resolved to "${text}", which is not an address.`,
          `${hostname} resolved to "${text}", which is not an address`,
        );
      }
      const reason = refuse(address);
      if (reason) {
        const resolution = `resolves to ${address.toString()}, ${reason}`;
        throw new AddressRefusedError(`Refused ${hostname}: it ${resolution}. ${howToOpen}`, `${hostname} ${resolution}`);
      }
    },
  };
}
