import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

// Push endpoints come from the browser but are sent by the client: a request to one must never reach the server's
// own network (SSRF). Checked when a device subscribes (its name resolved) and again on every connection, by the
// agent's lookup (lookup-guard.ts), so that a name that later resolves to a private address is refused too.

const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether `address` (an IP) may be connected to; loopback only when `allowLoopback` (tests). */
export function isAllowedAddress(address: string, allowLoopback: boolean): boolean {
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is checked as the IPv4 address it is.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped !== undefined) return isAllowedAddress(mapped, allowLoopback);
  if (allowLoopback && LOOPBACK.check(address, family)) return true;
  return !PRIVATE.check(address, family);
}

/** Whether every address the endpoint's host names is public (or loopback when allowed). */
export async function isPublicEndpoint(endpoint: string, allowLoopback: boolean): Promise<boolean> {
  const host = new URL(endpoint).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return isAllowedAddress(host, allowLoopback);
  if (host === 'localhost' || host.endsWith('.localhost')) return allowLoopback;
  try {
    const addresses = await lookup(host, { all: true });
    return addresses.length > 0 && addresses.every(({ address }) => isAllowedAddress(address, allowLoopback));
  } catch {
    return false;
  }
}
