import dns from 'node:dns';
import net from 'node:net';
import type { LookupFunction } from 'node:net';

/**
 * Webhooks are requests this server makes to addresses its users choose, so they must not reach
 * the machine itself or its private network (SSRF). The check is on the resolved addresses, at
 * connection time (the request's own lookup), so a name that resolves differently later cannot
 * slip past a check made earlier. WEBHOOKS_ALLOW_PRIVATE=true turns it off.
 */
const blocked = new net.BlockList();
for (const [prefix, bits] of [
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
  blocked.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const) {
  blocked.addSubnet(prefix, bits, 'ipv6');
}

export class BlockedAddressError extends Error {
  readonly code = 'WEBHOOK_ADDRESS_BLOCKED';
}

/** Loopback, private, link-local, carrier-grade NAT, multicast or otherwise not a public address. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1], 'ipv4');
  return blocked.check(address, 'ipv6');
}

function refusal(host: string, address: string) {
  return new BlockedAddressError(`${host} resolves to ${address}, a private, loopback or link-local address`);
}

/** Every address the host resolves to, refused when one is private (unless allowed). */
export async function checkWebhookHost(host: string, allowPrivate: boolean): Promise<void> {
  const bare = host.replace(/^\[|\]$/g, '');
  const addresses = net.isIP(bare) ? [bare] : (await dns.promises.lookup(bare, { all: true })).map((a) => a.address);
  if (allowPrivate) return;
  const bad = addresses.find(isPrivateAddress);
  if (bad) throw refusal(bare, bad);
}

/** A `lookup` for http.request that resolves as usual and refuses private addresses. */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const bad = allowPrivate ? undefined : addresses.find((a) => isPrivateAddress(a.address));
      if (bad) return callback(refusal(hostname, bad.address), '', 4);
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
