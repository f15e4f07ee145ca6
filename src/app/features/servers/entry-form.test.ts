import { describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT_FEATURES, KEPT_SECRET, type ServerEntry } from '../../../protocol/index.js';
import { DEFAULT_AUTH_SETTINGS } from '../connect/auth-settings.js';
import { entryFrom, loadedFrom, type CurrentSettings } from './entry-form.js';

const http: ServerEntry = {
  name: 'remote',
  transport: {
    kind: 'http',
    url: 'https://mcp.example/mcp',
    headers: { 'X-Team': 'a', 'X-Login': KEPT_SECRET },
    mode: 'sse',
    auth: { mode: 'guided', clientId: 'cid', clientSecret: KEPT_SECRET, scope: 'read' },
  },
  protocolVersion: '2025-06-18',
  secretKeys: ['X-Login'],
  clientFeatures: { ...DEFAULT_CLIENT_FEATURES, sampling: false },
  roots: [{ uri: 'file:///srv', name: 'srv' }],
};

const settingsOf = (entry: ServerEntry): CurrentSettings => {
  const loaded = loadedFrom(entry);
  return {
    form: loaded.form,
    version: { choice: loaded.choice ?? 'auto', probe: true },
    auth: loaded.auth,
    clientFeatures: loaded.clientFeatures ?? DEFAULT_CLIENT_FEATURES,
    roots: loaded.roots ?? [],
  };
};

describe('a saved server in the Connect form', () => {
  it('fills every setting it saved: transport, headers with their secret marks, mode, OAuth, version, features, roots', () => {
    const loaded = loadedFrom(http);
    expect(loaded.form).toMatchObject({ transportKind: 'http', url: 'https://mcp.example/mcp', httpMode: 'sse' });
    expect(loaded.form.headers.map((r) => [r.name, r.value, r.secret])).toEqual([
      ['X-Team', 'a', false],
      ['X-Login', KEPT_SECRET, true],
    ]);
    expect(loaded.auth).toEqual({ ...DEFAULT_AUTH_SETTINGS, mode: 'guided', clientId: 'cid', clientSecret: KEPT_SECRET, scope: 'read' });
    expect(loaded.choice).toBe('2025-06-18');
    expect(loaded.clientFeatures?.sampling).toBe(false);
    expect(loaded.roots).toEqual([{ uri: 'file:///srv', name: 'srv' }]);
  });

  it('gives the same entry back when nothing was edited, kept secrets still KEPT_SECRET', () => {
    expect(entryFrom('remote', settingsOf(http))).toEqual({ ok: true, entry: http });
    const stdio: ServerEntry = {
      name: 'local',
      transport: { kind: 'stdio', command: 'node', args: ['server.js', 'a b'], env: { API_KEY: KEPT_SECRET, MODE: 'x' }, cwd: '/srv' },
      protocolVersion: 'auto',
      secretKeys: [],
      clientFeatures: { ...DEFAULT_CLIENT_FEATURES },
      roots: [],
    };
    expect(entryFrom('local', settingsOf(stdio))).toEqual({ ok: true, entry: stdio });
  });

  it('an HTTP server saved without OAuth loads with OAuth off', () => {
    const plain: ServerEntry = { name: 'p', transport: { kind: 'http', url: 'https://h/mcp', headers: {}, mode: 'auto' }, secretKeys: [] };
    expect(loadedFrom(plain).auth.mode).toBe('off');
  });

  it("keeps the person's secret marks, beyond the names that are secret anyway", () => {
    const now = settingsOf(http);
    now.form.headers = [...now.form.headers.map((r) => (r.name === 'X-Team' ? { ...r, secret: true } : r))];
    const built = entryFrom('remote', now);
    expect(built.ok && built.entry.secretKeys).toEqual(['X-Team', 'X-Login']);
  });

  it("says what to fix: a name, and the form's own problems", () => {
    const now = settingsOf(http);
    expect(entryFrom(' ', now)).toEqual({ ok: false, errors: ['Give the server a name.'] });
    now.form.url = 'ftp://nowhere';
    const built = entryFrom('', now);
    expect(built.ok).toBe(false);
    expect(!built.ok && built.errors.length).toBe(2);
  });
});
