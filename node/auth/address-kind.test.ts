import { describe, expect, it } from 'vitest';
import { addressKind, mayReach, serverHostKind, serverKind, type AddressKind } from './address-kind.js';

const KINDS: Array<[string, AddressKind]> = [
  ['127.0.0.1', 'loopback'],
  ['127.45.6.7', 'loopback'],
  ['::1', 'loopback'],
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['0.0.0.0', 'loopback'],
  ['::', 'loopback'],
  ['169.254.169.254', 'metadata'],
  ['::ffff:169.254.169.254', 'metadata'],
  ['169.254.1.1', 'link-local'],
  ['fe80::1', 'link-local'],
  ['10.1.2.3', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['100.64.0.1', 'private'],
  ['100.100.100.200', 'metadata'],
  ['fd00::1', 'private'],
  ['fd00:ec2::254', 'metadata'],
  ['fd00:ec2::255', 'private'],
  ['fc00::1', 'private'],
  ['::ffff:10.0.0.1', 'private'],
  ['64:ff9b::a00:1', 'private'],
  ['64:ff9b::7f00:1', 'loopback'], // NAT64 carrying 127.0.0.1
  ['64:ff9b::a9fe:a9fe', 'metadata'], // NAT64 carrying 169.254.169.254
  ['64:ff9b::808:808', 'private'], // a public IPv4 address behind a translator on this network
  ['::7f00:1', 'loopback'], // IPv4-compatible ::127.0.0.1
  ['::127.0.0.1', 'loopback'],
  ['::a9fe:a9fe', 'metadata'],
  ['::808:808', 'reserved'], // IPv4-compatible addresses are deprecated
  ['::ffff:0:7f00:1', 'loopback'], // IPv4-translated 127.0.0.1
  ['::ffff:0:a00:1', 'private'],
  ['::ffff:0:808:808', 'reserved'],
  ['fec0::1', 'reserved'], // site-local
  ['feff::1', 'reserved'],
  ['224.0.0.1', 'reserved'],
  ['255.255.255.255', 'reserved'],
  ['ff02::1', 'reserved'],
  ['not-an-address', 'reserved'],
  ['172.32.0.1', 'public'],
  ['100.128.0.1', 'public'],
  ['8.8.8.8', 'public'],
  ['203.0.113.7', 'public'],
  ['2606:4700::1111', 'public'],
  ['::ffff:8.8.8.8', 'public'],
];

describe('addressKind', () => {
  it.each(KINDS)('%s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });
});

describe('serverKind and mayReach', () => {
  it('a server is on loopback only when every address of its name is', () => {
    expect(serverKind(['127.0.0.1', '::1'])).toBe('loopback');
    expect(serverKind(['127.0.0.1', '10.0.0.2'])).toBe('private');
    expect(serverKind(['127.0.0.1', '8.8.8.8'])).toBe('public');
    expect(serverKind([])).toBe('public');
  });

  it('no server reaches a metadata address; loopback reaches anything else; a private server its network and the internet; a public one only the internet', () => {
    const all: AddressKind[] = ['loopback', 'link-local', 'private', 'reserved', 'public', 'metadata'];
    expect(all.filter((k) => mayReach('loopback', k))).toEqual(all.filter((k) => k !== 'metadata'));
    expect(all.filter((k) => mayReach('private', k))).toEqual(['private', 'public']);
    expect(all.filter((k) => mayReach('public', k))).toEqual(['public']);
  });
});

describe('serverHostKind', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['[::1]', 'loopback'],
    ['localhost', 'loopback'],
    ['10.0.0.5', 'private'],
    ['[fd00::5]', 'private'],
    ['203.0.113.7', 'public'],
    ['mcp.corp.example', 'public'],
    ['127.0.0.1.nip.io', 'public'],
  ])('a server at %s is %s (a DNS name is never more than public)', (hostname, kind) => {
    expect(serverHostKind(hostname)).toBe(kind);
  });
});
