// What kind of place an IP address is, and which kinds an MCP server at one
// kind of address may make the proxy reach during authorization. A server on
// loopback (the demo, local development) may send the proxy anywhere but the
// cloud metadata service; a server on a private network may name its
// neighbours and the internet; a server on the internet only the internet —
// never this machine, its network, link-local or reserved addresses. No server
// may name a metadata address (169.254.169.254, fd00:ec2::254, 100.100.100.200),
// nor an IPv6 form that carries one (IPv4-compatible, -translated, NAT64).

import { BlockList, isIP } from 'node:net';

export type AddressKind = 'metadata' | 'loopback' | 'link-local' | 'private' | 'reserved' | 'public';

/** Each kind's ranges (IPv4-mapped IPv6 addresses match the IPv4 ranges: BlockList checks both forms). */
const RANGES: ReadonlyArray<[AddressKind, ReadonlyArray<[string, number]>]> = [
  // Cloud instance metadata (AWS, GCP, Azure, Alibaba): credentials of the machine the proxy runs on.
  [
    'metadata',
    [
      ['169.254.169.254', 32],
      ['fd00:ec2::254', 128],
      ['100.100.100.200', 32],
    ],
  ],
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
      ['fc00::', 7], // unique local, fd00::/8 among them
      ['64:ff9b:1::', 48], // local-use NAT64 (64:ff9b::/96 is judged by the IPv4 address it carries)
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
      ['fec0::', 10], // site-local (deprecated)
    ],
  ],
];

const LISTS: ReadonlyArray<[AddressKind, BlockList]> = RANGES.map(([kind, ranges]) => {
  const list = new BlockList();
  for (const [network, prefix] of ranges) list.addSubnet(network, prefix, isIP(network) === 6 ? 'ipv6' : 'ipv4');
  return [kind, list];
});

function listedKind(address: string, family: 'ipv4' | 'ipv6'): AddressKind {
  for (const [kind, list] of LISTS) if (list.check(address, family)) return kind;
  return 'public';
}

/**
 * IPv6 forms that carry an IPv4 address in their last 32 bits, beyond IPv4-mapped (which BlockList knows):
 * IPv4-compatible ::/96 and IPv4-translated ::ffff:0:0/96 (both not for use on the internet), and NAT64
 * 64:ff9b::/96 (a translator on this network). `ifPublic` is their kind when the carried address is public.
 */
const CARRIERS: ReadonlyArray<{ head: readonly number[]; ifPublic: AddressKind }> = [
  { head: [0, 0, 0, 0, 0, 0], ifPublic: 'reserved' },
  { head: [0, 0, 0, 0, 0xffff, 0], ifPublic: 'reserved' },
  { head: [0x64, 0xff9b, 0, 0, 0, 0], ifPublic: 'private' },
];

/** The eight 16-bit groups of an IPv6 address (the URL parser writes it canonically first); undefined if it cannot be read (a zone id). */
function ipv6Groups(address: string): number[] | undefined {
  let host: string;
  try {
    host = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
  const [head = '', tail] = host.split('::');
  const part = (text: string): number[] => (text === '' ? [] : text.split(':').map((g) => parseInt(g, 16)));
  const [before, after] = [part(head), tail === undefined ? [] : part(tail)];
  return [...before, ...new Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/** The kind of an IP address (v4, v6 or IPv4-mapped v6); anything that is not an IP address is 'reserved'. */
export function addressKind(address: string): AddressKind {
  const family = isIP(address);
  if (family === 0) return 'reserved';
  if (family === 4) return listedKind(address, 'ipv4');
  const groups = ipv6Groups(address);
  const carrier = groups && CARRIERS.find(({ head }) => head.every((g, i) => groups[i] === g));
  if (groups && carrier) {
    const [high = 0, low = 0] = groups.slice(6);
    const carried = listedKind([high >> 8, high & 0xff, low >> 8, low & 0xff].join('.'), 'ipv4');
    return carried === 'public' ? carrier.ifPublic : carried;
  }
  return listedKind(address, 'ipv6');
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
  if (to === 'metadata') return false;
  if (from === 'loopback') return true;
  if (from === 'private') return to === 'private' || to === 'public';
  return to === 'public';
}

/** "a loopback address (this machine)" … for a refusal sentence. */
export function describeKind(kind: AddressKind): string {
  switch (kind) {
    case 'loopback':
      return 'a loopback address (this machine)';
    case 'metadata':
      return 'a cloud metadata service address';
    case 'link-local':
      return 'a link-local address';
    case 'private':
      return 'a private-network address';
    case 'reserved':
      return 'a reserved address';
    case 'public':
      return 'a public address';
  }
}
