import { describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT_FEATURES } from '../session/client-capabilities.js';
import { parseServersDocument, readServerEntry, serializeServersDocument } from './servers-json.js';

const FILE = '/home/me/.config/mcpscope/servers.json';
const entry = { name: 'demo', transport: { kind: 'stdio', command: 'node', args: ['demo.js'], env: {} }, secretKeys: [] };
const server = (id: string, e: unknown = entry) => ({ id, entry: e, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-02T00:00:00.000Z' });

describe('readServerEntry', () => {
  it('reads an entry with its protocol version, client features and roots', () => {
    const read = readServerEntry({
      ...entry,
      name: '  demo  ',
      protocolVersion: '2025-06-18',
      clientFeatures: { sampling: false },
      roots: [{ uri: 'file:///home/me/p', name: ' p ' }, { uri: 'file:///tmp' }],
    });
    expect(read).toEqual({
      ok: true,
      value: {
        ...entry,
        protocolVersion: '2025-06-18',
        clientFeatures: { ...DEFAULT_CLIENT_FEATURES, sampling: false },
        roots: [{ uri: 'file:///home/me/p', name: 'p' }, { uri: 'file:///tmp' }],
      },
    });
  });

  it('says what is wrong', () => {
    const wrong = (v: unknown) => {
      const r = readServerEntry(v);
      return r.ok ? 'ok' : r.error;
    };
    expect(wrong(null)).toMatch(/must be an object/);
    expect(wrong({ ...entry, name: ' ' })).toBe('the entry needs a name');
    expect(wrong({ ...entry, transport: { kind: 'stdio', command: '' } })).toMatch(/transport.command/);
    expect(wrong({ ...entry, protocolVersion: '1999-01-01' })).toMatch(/not a protocol version/);
    expect(wrong({ ...entry, clientFeatures: { telepathy: true } })).toMatch(/telepathy is not a client feature/);
    expect(wrong({ ...entry, clientFeatures: { roots: 'yes' } })).toBe('clientFeatures.roots must be true or false');
    expect(wrong({ ...entry, roots: [{ uri: '/home/me' }] })).toMatch(/^root 1: Roots must be file:\/\/ URIs/);
    expect(wrong({ ...entry, secretKeys: 'KEY' })).toMatch(/secretKeys/);
  });
});

describe('parseServersDocument', () => {
  it('reads version 1 and marks every server as saved', () => {
    const read = parseServersDocument({ version: 1, servers: [server('s-1')], recent: ['s-1'] }, FILE);
    expect(read).toEqual({ ok: true, notes: [], list: { servers: [{ ...server('s-1'), source: 'saved' }], recent: ['s-1'], unread: [] } });
  });

  it('refuses an unknown version or shape with a sentence that names the file', () => {
    expect(parseServersDocument({ version: 2, servers: [] }, FILE)).toEqual({
      ok: false,
      problem: expect.stringMatching(/servers\.json is of version 2, which this mcpscope cannot read/),
    });
    expect(parseServersDocument([], FILE)).toEqual({ ok: false, problem: expect.stringContaining('is not a saved-server list') });
    expect(parseServersDocument({ version: 1 }, FILE)).toEqual({ ok: false, problem: expect.stringContaining('has no "servers" list') });
  });

  it('names each bad entry, keeps the rest, and writes the bad ones back untouched', () => {
    const bad = server('s-2', { ...entry, name: 'broken', transport: { kind: 'telegraph' } });
    const twin = server('s-3', { ...entry, name: 'DEMO' });
    const sameId = server('s-1', { ...entry, name: 'other' });
    const read = parseServersDocument({ version: 1, servers: [server('s-1'), bad, twin, sameId, 42] }, FILE);
    if (!read.ok) throw new Error(read.problem);
    expect(read.list.servers.map((s) => s.id)).toEqual(['s-1']);
    expect(read.notes).toEqual([
      `Server 2 ("broken") of ${FILE} could not be read: transport kind "telegraph" is not supported. It is kept in the file as it is; fix it there.`,
      `Server 3 ("DEMO") of ${FILE} could not be read: the name "DEMO" is already another server's. It is kept in the file as it is; fix it there.`,
      `Server 4 ("other") of ${FILE} could not be read: its id s-1 is already another server's. It is kept in the file as it is; fix it there.`,
      `Server 5 of ${FILE} could not be read: it is not an object with an id and an entry. It is kept in the file as it is; fix it there.`,
    ]);
    const written: unknown = JSON.parse(serializeServersDocument(read.list));
    expect(written).toEqual({ version: 1, servers: [server('s-1'), bad, twin, sameId, 42], recent: [] });
  });
});
