/**
 * An undici Agent whose every new connection resolves its host once, has the guard check each
 * address, and connects to exactly those addresses: a DNS answer that changes between the check and
 * the connection (DNS rebinding) cannot slip in, because nothing resolves twice.
 *
 * Address literals never reach a lookup (Node connects to them directly); the guard's checkUrl has
 * already judged them.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { Agent } from 'undici';
import type { AddressGuard } from './address-guard.js';
import { NetError } from './fetch-errors.js';

/** Resolves a host name to its addresses; tests inject one that answers without DNS. */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

const systemResolve: Resolve = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** A `lookup` for net/tls.connect that resolves once, checks every address, and pins the result. */
export function pinnedLookup(guard: AddressGuard, resolve: Resolve): LookupFunction {
  return (hostname, options, callback) => {
    resolveChecked(hostname, options.family, guard, resolve).then(
      (addresses) => {
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

async function resolveChecked(
  hostname: string,
  family: number | string | undefined,
  guard: AddressGuard,
  resolve: Resolve,
): Promise<LookupAddress[]> {
  const addresses = await resolve(hostname);
  // Every answer is checked, not only the one used: a name that points anywhere private is refused.
  for (const { address } of addresses) guard.checkResolved(hostname, address);
  const wanted = family === 4 || family === 'IPv4' ? 4 : family === 6 || family === 'IPv6' ? 6 : 0;
  const usable = wanted === 0 ? addresses : addresses.filter((a) => a.family === wanted);
  if (usable.length === 0) throw new NetError(`${hostname} has no address to connect to.`);
  return usable;
}

/** `agentOptions` tunes the Agent (timeouts, say); its connections always go through the pinned lookup. */
export function createPinnedDispatcher(
  guard: AddressGuard,
  resolve: Resolve = systemResolve,
  agentOptions: Omit<Agent.Options, 'connect'> = {},
): Agent {
  return new Agent({ ...agentOptions, connect: { lookup: pinnedLookup(guard, resolve) } });
}
