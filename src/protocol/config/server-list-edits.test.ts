import { describe, expect, it } from 'vitest';
import type { ServerEntry } from './entry.js';
import { addServer, deleteServer, duplicateServer, editServer, importServers, markUsed, type EditContext } from './server-list-edits.js';
import { configServers, listView } from './server-list-view.js';
import { KEPT_SECRET, viewOf } from './server-list.js';
import type { ServersDocument } from './servers-json.js';

let n = 0;
const ctx = (config: EditContext['config'] = []): EditContext => ({ now: '2026-03-01T10:00:00.000Z', newId: () => `s-${++n}`, config });
const entry = (name: string, env: Record<string, string> = {}): ServerEntry => ({
  name,
  transport: { kind: 'stdio', command: 'node', args: ['s.js'], env },
  secretKeys: [],
});
const empty = (): ServersDocument => ({ servers: [], recent: [], unread: [] });
const must = <T>(o: { ok: true; value: T } | { ok: false; error: string }): T => {
  if (!o.ok) throw new Error(o.error);
  return o.value;
};

describe('server list edits', () => {
  it('adds, refusing a taken name in any case and an entry that is not right', () => {
    const list = empty();
    const added = must(addServer(list, entry('Demo', { API_KEY: 'k' }), ctx()));
    expect(added).toMatchObject({ entry: { name: 'Demo' }, source: 'saved', createdAt: '2026-03-01T10:00:00.000Z' });
    expect(addServer(list, entry('demo'), ctx())).toEqual({
      ok: false,
      reason: 'taken',
      error: 'A saved server is already called "demo": choose another name.',
    });
    expect(addServer(list, { name: 'x' }, ctx())).toMatchObject({
      ok: false,
      reason: 'invalid',
      error: 'The server could not be saved: transport must be an object.',
    });
    expect(addServer(list, entry('y', { API_KEY: KEPT_SECRET }), ctx())).toMatchObject({ ok: false, reason: 'invalid' });
    expect(list.servers).toHaveLength(1);
  });

  it('edits and renames, keeping the stored secrets where the page sent KEPT_SECRET', () => {
    const list = empty();
    const { id } = must(addServer(list, entry('a', { API_KEY: 'real' }), ctx()));
    must(addServer(list, entry('b'), ctx()));
    const shown = viewOf(list.servers[0]!).entry;
    const edited = must(editServer(list, id, { ...shown, name: 'A renamed' }, ctx()));
    expect(edited.entry).toMatchObject({ name: 'A renamed', transport: { env: { API_KEY: 'real' } } });
    expect(editServer(list, id, { ...shown, name: 'B' }, ctx())).toMatchObject({ ok: false, reason: 'taken' });
    expect(editServer(list, 'nope', shown, ctx())).toMatchObject({ ok: false, reason: 'unknown' });
    expect(must(editServer(list, id, { ...shown, name: 'a renamed' }, ctx())).entry.name).toBe('a renamed');
  });

  it('deletes a saved server and its place in the recent list', () => {
    const list = empty();
    const { id } = must(addServer(list, entry('a'), ctx()));
    must(markUsed(list, id, ctx()));
    expect(list.recent).toEqual([id]);
    must(deleteServer(list, id, ctx()));
    expect(list).toMatchObject({ servers: [], recent: [] });
    expect(deleteServer(list, id, ctx())).toMatchObject({ ok: false, reason: 'unknown' });
  });

  it('duplicates as "name copy", and saves a copy of a --config server, which itself is read-only', () => {
    const list = empty();
    const { id } = must(addServer(list, entry('a', { API_KEY: 'real' }), ctx()));
    expect(must(duplicateServer(list, id, ctx())).entry).toMatchObject({ name: 'a copy', transport: { env: { API_KEY: 'real' } } });
    expect(must(duplicateServer(list, id, ctx())).entry.name).toBe('a copy 2');
    const config = configServers({ path: '/p/mcp.json', servers: [{ entry: entry('cfg'), inputs: [], notes: [] }], problems: [] }, '2026-03-01T09:00:00.000Z');
    expect(config[0]).toMatchObject({ id: 'config:cfg', source: 'config' });
    expect(must(duplicateServer(list, 'config:cfg', ctx(config)))).toMatchObject({ source: 'saved', entry: { name: 'cfg copy' } });
    expect(editServer(list, 'config:cfg', entry('cfg'), ctx(config))).toMatchObject({ ok: false, reason: 'read-only' });
    expect(deleteServer(list, 'config:cfg', ctx(config))).toMatchObject({ ok: false, reason: 'read-only', error: expect.stringContaining('save a copy') });
  });

  it('imports many at once with names made unique, or none when one is not right', () => {
    const list = empty();
    must(addServer(list, entry('a'), ctx()));
    const outcome = must(importServers(list, [entry('a'), entry('A'), entry('b')], ctx()));
    expect(outcome.added.map((s) => s.entry.name)).toEqual(['a 2', 'A 3', 'b']);
    expect(outcome.renamed).toEqual([
      { from: 'a', to: 'a 2' },
      { from: 'A', to: 'A 3' },
    ]);
    expect(importServers(list, [entry('c'), { name: 'd' }], ctx())).toMatchObject({
      ok: false,
      reason: 'invalid',
      error: expect.stringContaining('entry 2 ("d")'),
    });
    expect(importServers(list, [], ctx())).toMatchObject({ ok: false, reason: 'invalid' });
    expect(list.servers).toHaveLength(4);
  });

  it('marks a server used and lists saved servers by name, then the --config file, masked', () => {
    const list = empty();
    const b = must(addServer(list, entry('b', { TOKEN: 't-1' }), ctx()));
    const a = must(addServer(list, entry('a'), ctx()));
    must(markUsed(list, b.id, ctx()));
    must(markUsed(list, a.id, ctx()));
    expect(list.servers.find((s) => s.id === a.id)?.lastUsedAt).toBe('2026-03-01T10:00:00.000Z');
    const configFile = {
      path: '/p/mcp.json',
      servers: [{ entry: entry('cfg'), inputs: [{ id: 'k', password: true, servers: ['cfg'] }], notes: [] }],
      problems: [],
      selected: 'cfg',
    };
    const config = configServers(configFile, '2026-03-01T09:00:00.000Z');
    must(markUsed(list, 'config:cfg', ctx(config)));
    const view = listView({ ok: true, list: { ...list, recent: [...list.recent, 'gone'] }, notes: [] }, '/f/servers.json', configFile, config);
    expect(view.servers.map((s) => s.id)).toEqual([a.id, b.id, 'config:cfg']);
    expect(view.recent).toEqual(['config:cfg', a.id, b.id]);
    expect(view.configFile).toEqual({ path: '/p/mcp.json', problems: [], inputs: configFile.servers[0]!.inputs, selected: 'config:cfg' });
    expect(JSON.stringify(view)).not.toContain('t-1');
    const broken = listView({ ok: false, problem: 'It is broken.' }, '/f/servers.json', configFile, config);
    expect(broken).toMatchObject({ problem: 'It is broken.', servers: [{ id: 'config:cfg' }], recent: [] });
  });
});
