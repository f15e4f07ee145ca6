import { describe, expect, it } from 'vitest';
import type { ServerEntry } from './entry.js';
import {
  KEPT_SECRET,
  MAX_RECENT,
  byName,
  copyName,
  mergeKeptSecrets,
  recentAfterUse,
  recentOf,
  serverNamed,
  storedSecret,
  uniqueName,
  viewOf,
  type SavedServer,
} from './server-list.js';

const saved = (entry: ServerEntry, id = 's-1'): SavedServer => ({
  id,
  entry,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  source: 'saved',
});

const stdio: ServerEntry = {
  name: 'github',
  transport: {
    kind: 'stdio',
    command: 'npx',
    args: ['gh-mcp'],
    env: { GITHUB_TOKEN: 'ghp_real', DSN: 'pg://u:p@h', PORT: '1', EMPTY_KEY: '', ASKED_KEY: '${input:key}' },
  },
  secretKeys: ['DSN'],
};
const http: ServerEntry = {
  name: 'remote',
  transport: {
    kind: 'http',
    url: 'https://x.example/mcp',
    headers: { Authorization: 'Bearer abc', 'X-Trace': 'on' },
    mode: 'auto',
    auth: { mode: 'quick', clientId: 'c', clientSecret: 'shh' },
  },
  secretKeys: [],
};

describe('viewOf', () => {
  it('replaces every secret value by KEPT_SECRET and names the keys, leaving the rest', () => {
    const view = viewOf(saved(stdio));
    expect(view.entry.transport).toMatchObject({ env: { GITHUB_TOKEN: KEPT_SECRET, DSN: KEPT_SECRET, PORT: '1', EMPTY_KEY: '', ASKED_KEY: '${input:key}' } });
    expect(view.secretValues).toEqual(['GITHUB_TOKEN', 'DSN']);
    expect(JSON.stringify(view)).not.toContain('ghp_real');
    const httpView = viewOf(saved(http));
    expect(httpView.entry.transport).toMatchObject({
      headers: { Authorization: KEPT_SECRET, 'X-Trace': 'on' },
      auth: { clientSecret: KEPT_SECRET, clientId: 'c' },
    });
    expect(httpView.secretValues).toEqual(['Authorization', 'auth.clientSecret']);
    expect(JSON.stringify(httpView)).not.toMatch(/abc|shh/);
  });

  it('reveals only a key that holds a secret', () => {
    expect(storedSecret(stdio, 'GITHUB_TOKEN')).toBe('ghp_real');
    expect(storedSecret(http, 'auth.clientSecret')).toBe('shh');
    expect(storedSecret(stdio, 'PORT')).toBeUndefined();
    expect(storedSecret(stdio, 'NOPE')).toBeUndefined();
  });
});

describe('mergeKeptSecrets', () => {
  it('puts the stored value back where the page sent KEPT_SECRET, and keeps what the person typed', () => {
    const edited = viewOf(saved(stdio)).entry;
    const env = { ...(edited.transport.kind === 'stdio' ? edited.transport.env : {}), DSN: 'pg://new' };
    const merged = mergeKeptSecrets({ ...edited, transport: { ...edited.transport, env } as ServerEntry['transport'] }, stdio);
    expect(merged).toMatchObject({ ok: true, value: { transport: { env: { GITHUB_TOKEN: 'ghp_real', DSN: 'pg://new', PORT: '1' } } } });
    const httpMerged = mergeKeptSecrets(viewOf(saved(http)).entry, http);
    expect(httpMerged).toMatchObject({ ok: true, value: { transport: { headers: { Authorization: 'Bearer abc' }, auth: { clientSecret: 'shh' } } } });
  });

  it('refuses a KEPT_SECRET under a key that has no stored value (renamed or new), in a sentence', () => {
    const renamed: ServerEntry = { ...stdio, transport: { kind: 'stdio', command: 'npx', args: [], env: { GH_TOKEN: KEPT_SECRET } } };
    const merged = mergeKeptSecrets(renamed, stdio);
    expect(merged).toEqual({
      ok: false,
      error: expect.stringMatching(/^"GH_TOKEN" of server "github" has no value kept by the proxy .*type the value again\.$/),
    });
    expect(mergeKeptSecrets(stdio, undefined)).toEqual({ ok: true, value: stdio });
    expect(mergeKeptSecrets(viewOf(saved(stdio)).entry, undefined).ok).toBe(false);
  });
});

describe('names', () => {
  it('finds a taken name in any case, except the server itself', () => {
    const list = [saved(stdio, 's-1'), saved(http, 's-2')];
    expect(serverNamed(list, 'GitHub')?.id).toBe('s-1');
    expect(serverNamed(list, ' github ', 's-1')).toBeUndefined();
    expect(serverNamed(list, 'other')).toBeUndefined();
  });

  it('makes names unique, and names copies "name copy", "name copy 2"', () => {
    expect(uniqueName('a', ['b'])).toBe('a');
    expect(uniqueName('a', ['A', 'a 2'])).toBe('a 3');
    expect(copyName('a', ['a'])).toBe('a copy');
    expect(copyName('a', ['a', 'A Copy'])).toBe('a copy 2');
    expect(copyName('a copy', ['a', 'a copy'])).toBe('a copy 2');
  });

  it('orders by name whatever the case', () => {
    const list = [saved({ ...stdio, name: 'b' }, 's-1'), saved({ ...stdio, name: 'A' }, 's-2'), saved({ ...stdio, name: 'c' }, 's-3')];
    expect(byName(list).map((s) => s.entry.name)).toEqual(['A', 'b', 'c']);
  });
});

describe('recent', () => {
  it('puts the opened server first, once, and keeps at most MAX_RECENT', () => {
    expect(recentAfterUse(['a', 'b', 'c'], 'b')).toEqual(['b', 'a', 'c']);
    const many = Array.from({ length: MAX_RECENT }, (_, i) => `s-${i}`);
    expect(recentAfterUse(many, 'new')).toEqual(['new', ...many.slice(0, MAX_RECENT - 1)]);
  });

  it('drops ids of servers no longer in the list', () => {
    expect(recentOf(['gone', 's-1'], [saved(stdio, 's-1')])).toEqual(['s-1']);
  });
});
