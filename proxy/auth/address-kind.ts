// What kind of place an IP address is, and which kinds an MCP server at one
// kind of address may make the proxy reach during authorization. A server on
// loopback (the demo, local development) may send the proxy anywhere; a server
// on a private network may name its neighbours and the internet; a server on the
// internet only the internet — never this machine, its network, link-local
// addresses or the cloud metadata service (169.254.169.254, fd00:ec2::254).

import { BlockList, isIP } from 'node:net';

export type AddressKind = 'loopback' | 'link-local' | 'private' | 'reserved' | 'public';

/** Each kind's ranges (IPv4-mapped IPv6 addresses match the IPv4 ranges: BlockList checks both forms). */
const RANGES: ReadonlyArray<[AddressKind, ReadonlyArray<[string, number]>]> = [
  // 0.0.0.0 and :: reach this machine on Linux and macOS.
  [
    'loopback',
    [
      ['127.0.0.0', 8],
      ['0.0.0.0', 8],
      ['::1', 128],
      ['::', 128],
    ],
  ],
  [
    'link-local',
    [
      ['169.254.0.0', 16],
      ['fe80::', 10],
    ],
  ],
  [
    'private',
    [
      ['10.0.0.0', 8],
      ['172.16.0.0', 12],
      ['192.168.0.0', 16],
      ['100.64.0.0', 10], // carrier-grade NAT (Alibaba's metadata service is 100.100.100.200)
      ['fc00::', 7], // unique local, fd00::/8 among them (AWS's IPv6 metadata is fd00:ec2::254)
      ['64:ff9b::', 96], // NAT64: an IPv4 address behind a translator, whichever it is
      ['64:ff9b:1::', 48],
    ],
  ],
  [
    'reserved',
    [
      ['192.0.0.0', 24],
      ['198.18.0.0', 15],
      ['224.0.0.0', 4], // multicast
      ['240.0.0.0', 4], // reserved, and the broadcast address
      ['ff00::', 8],
      ['100::', 64], // discard-only
    ],
  ],
];

const LISTS: ReadonlyArray<[AddressKind, BlockList]> = RANGES.map(([kind, ranges]) => {
  const list = new BlockList();
  for (const [network, prefix] of ranges) list.addSubnet(network, prefix, isIP(network) === 6 ? 'ipv6' : 'ipv4');
  return [kind, list];
});

/** The kind of an IP address (v4, v6 or IPv4-mapped v6); anything that is not an IP address is 'reserved'. */
export function addressKind(address: string): AddressKind {
  const family = isIP(address);
  if (family === 0) return 'reserved';
  for (const [kind, list] of LISTS) if (list.check(address, family === 6 ? 'ipv6' : 'ipv4')) return kind;
  return 'public';
}

/** Where a server is: on loopback only if every address of its name is, on a private network only if every one is at least that near; else public. */
export function serverKind(addresses: readonly string[]): AddressKind {
  const kinds = addresses.map(addressKind);
  if (kinds.length > 0 && kinds.every((k) => k === 'loopback')) return 'loopback';
  if (kinds.length > 0 && kinds.every((k) => k === 'loopback' || k === 'private')) return 'private';
  return 'public';
}

/** "[::1]" → "::1": URL keeps IPv6 hosts in brackets. */
export const bareHost = (hostname: string): string => (hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname);

/**
 * Where a server is, from the host name in its URL alone: an IP literal is what it is, `localhost` is
 * loopback, and any other name counts as public. A name is not resolved again to place it: the answer
 * could differ from the one the transport connected to (DNS rebinding), so it may never earn more.
 */
export function serverHostKind(hostname: string): AddressKind {
  const host = bareHost(hostname);
  if (isIP(host)) return serverKind([host]);
  return host.toLowerCase() === 'localhost' ? 'loopback' : 'public';
}

/** May a server at an address of kind `from` make the proxy connect to an address of kind `to`? */
export function mayReach(from: AddressKind, to: AddressKind): boolean {
  if (from === 'loopback') return true;
  if (from === 'private') return to === 'private' || to === 'public';
  return to === 'public';
}

/** "a loopback address (this machine)" … for a refusal sentence. */
export function describeKind(kind: AddressKind): string {
  switch (kind) {
    case 'loopback':
      return 'a loopback address (this machine)';
    case 'link-local':
      return 'a link-local address (where cloud metadata services answer)';
    case 'private':
      return 'a private-network address';
    case 'reserved':
      return 'a reserved address';
    case 'public':
      return 'a public address';
  }
}
