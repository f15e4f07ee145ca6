import { describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT_FEATURES, KEPT_SECRET, type SavedServerView } from '../../../protocol/index.js';
import { createClientSettings } from '../client-capabilities/client-settings.js';
import { createAuthSettings } from '../connect/auth-settings.js';
import { createConnectionPrefs } from '../connect/connection-prefs.js';
import { createFormDrafts } from '../connect/form-draft.js';
import { chooseServer, currentSettings, forgetKeptSecrets, restoreServer } from './server-settings.js';
import { createServerSelection } from './server-selection.js';

function memoryStorage() {
  const items = new Map<string, string>();
  return { items, getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
}

function stores(storage = memoryStorage()) {
  return {
    servers: createServerSelection(storage),
    connectionPrefs: createConnectionPrefs(storage, { choice: '2025-11-25', probe: true }),
    authSettings: createAuthSettings(storage),
    clientSettings: createClientSettings(),
    formDrafts: createFormDrafts(storage),
  };
}

const remote: SavedServerView = {
  id: 's-1',
  entry: {
    name: 'remote',
    transport: {
      kind: 'http',
      url: 'https://h.example/mcp',
      headers: { 'X-Key': KEPT_SECRET },
      mode: 'auto',
      auth: { mode: 'quick', clientId: 'c', clientSecret: KEPT_SECRET },
    },
    protocolVersion: 'auto',
    secretKeys: [],
    clientFeatures: { ...DEFAULT_CLIENT_FEATURES, roots: false },
    roots: [{ uri: 'file:///w' }],
  },
  createdAt: 't',
  updatedAt: 't',
  source: 'saved',
  secretValues: ['X-Key', 'auth.clientSecret'],
};

describe("a saved server in the page's settings", () => {
  it('choosing one sets the version, OAuth, client features and roots, and hands the form its fields', () => {
    const s = stores();
    chooseServer(s, remote);
    expect(s.connectionPrefs.getState().choice).toBe('auto');
    expect(s.authSettings.getState()).toMatchObject({ mode: 'quick', clientId: 'c', clientSecret: KEPT_SECRET });
    expect(s.clientSettings.getState()).toMatchObject({ features: { roots: false }, roots: [{ uri: 'file:///w' }] });
    expect(s.servers.getState()).toMatchObject({ selected: 's-1', load: { seq: 1, edited: false, form: { url: 'https://h.example/mcp' } } });
  });

  it('after a reload, its unsaved edits come back instead of the saved fields', () => {
    const storage = memoryStorage();
    const before = stores(storage);
    chooseServer(before, remote);
    before.formDrafts.save(remote.entry.transport, { ...before.servers.getState().load!.form, url: 'https://edited.example/mcp' }, 's-1');
    const after = stores(storage);
    restoreServer(after, remote);
    expect(after.servers.getState().load).toMatchObject({ edited: true, form: { url: 'https://edited.example/mcp' } });
    // The client secret is not kept in storage: the proxy's mask comes back for it.
    expect(after.authSettings.getState().clientSecret).toBe(KEPT_SECRET);
  });

  it('a deleted server leaves the form without the masks it can no longer stand for', () => {
    const s = stores();
    chooseServer(s, remote);
    s.servers.getState().formChanged(s.servers.getState().load!.form);
    expect(forgetKeptSecrets(s)).toEqual(['X-Key', 'the client secret']);
    expect(s.servers.getState().selected).toBeUndefined();
    expect(s.servers.getState().load?.form.headers.map((r) => [r.name, r.value])).toEqual([['X-Key', '']]);
    expect(s.authSettings.getState().clientSecret).toBe('');
    expect(currentSettings(s)).toBeDefined();
  });
});
