import { lookup as dnsLookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where a buyer resale webhook may be sent (docs/connectors.md, "Buyer resale webhooks"): an
 * http(s) URL, and, unless the server allows them (config `webhookPrivateHosts`, only outside
 * production by default), no loopback, private, link-local (cloud metadata) or unspecified
 * address. The address is checked once resolved, and the request connects to the address checked,
 * so a host name that resolves to an inner address (or changes between two lookups) is refused.
 */

const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6');

/** True for an address no webhook reaches in production (an IPv4-mapped IPv6 address as its IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Why a URL is refused before any lookup (`url_not_allowed`), or null when it may be tried. */
export function urlRefusal(
  url: string,
  allowPrivate: boolean,
): 'url_not_allowed' | 'address_not_allowed' | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'url_not_allowed';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'url_not_allowed';
  if (parsed.username || parsed.password) return 'url_not_allowed';
  // an address literal is connected to without a lookup: checked here
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && isIP(host) !== 0 && isPrivateAddress(host)) return 'address_not_allowed';
  return null;
}

/** A refused resolved address: the request fails with this error's code. */
class AddressNotAllowed extends Error {
  readonly code = 'ADDRESS_NOT_ALLOWED';
}

/** The `lookup` of a request: the system resolver, every answer checked unless private ones are allowed. */
export function checkedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const refused = !allowPrivate && addresses.some((a) => isPrivateAddress(a.address));
      if (refused || addresses.length === 0) {
        return callback(new AddressNotAllowed(`${hostname} resolves to an address not allowed`), '', 0);
      }
      if (options.all)
        return (callback as unknown as (e: null, a: typeof addresses) => void)(null, addresses);
      const first = addresses[0] as { address: string; family: number };
      return callback(null, first.address, first.family);
    });
  };
}
