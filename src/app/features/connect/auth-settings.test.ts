import { describe, expect, it } from 'vitest';
import { authSettingsFrom, buildAuthConfig, createAuthSettings, DEFAULT_AUTH_SETTINGS, type AuthSettings } from './auth-settings.js';
import { buildConnectRequest, formFromPrefill, newHeaderRow } from './form-model.js';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { data, getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

const LEGACY = { choice: '2025-11-25', probe: true } as const;
const settings = (patch: Partial<AuthSettings>): AuthSettings => ({ ...DEFAULT_AUTH_SETTINGS, ...patch });

describe('the Authorization settings of the HTTP form', () => {
  it('default to Quick, and are kept across reloads, except the client secret', () => {
    const storage = memoryStorage();
    const first = createAuthSettings(storage);
    expect(first.getState().mode).toBe('quick');
    first.getState().set({ mode: 'guided', clientId: 'pre-1', clientSecret: 's3cret', tokenEndpointAuthMethod: 'client_secret_post', scope: 'mcp:tools' });
    expect(storage.data.get('mcpscope.httpAuth')).not.toContain('s3cret');
    const reloaded = createAuthSettings(storage).getState();
    expect(reloaded).toMatchObject({ mode: 'guided', clientId: 'pre-1', clientSecret: '', tokenEndpointAuthMethod: 'client_secret_post', scope: 'mcp:tools' });
  });

  it('fall back to the defaults for what storage holds in an unusable form', () => {
    expect(createAuthSettings(memoryStorage({ 'mcpscope.httpAuth': '{"mode":"always","clientId":7}' })).getState()).toMatchObject({
      mode: 'quick',
      clientId: '',
    });
    expect(createAuthSettings(memoryStorage({ 'mcpscope.httpAuth': 'not json' })).getState().mode).toBe('quick');
  });

  it('put auth on the HTTP transport, trimmed; Off sends none (the proxy default)', () => {
    const form = { ...formFromPrefill(undefined), transportKind: 'http' as const, url: 'http://127.0.0.1:3011/mcp' };
    const built = buildConnectRequest(
      form,
      LEGACY,
      settings({ mode: 'guided', clientId: ' pre-1 ', clientSecret: 'x', tokenEndpointAuthMethod: 'client_secret_basic', scope: ' a   b ' }),
    );
    expect(built.ok && built.request.transport).toMatchObject({
      kind: 'http',
      auth: { mode: 'guided', clientId: 'pre-1', clientSecret: 'x', tokenEndpointAuthMethod: 'client_secret_basic', scope: 'a b' },
    });
    const off = buildConnectRequest(form, LEGACY, settings({ mode: 'off', clientId: 'pre-1' }));
    expect(off.ok && 'auth' in off.request.transport).toBe(false);
    // stdio never carries it.
    const stdio = buildConnectRequest({ ...form, transportKind: 'stdio', command: 'node' }, LEGACY, settings({ mode: 'guided' }));
    expect(stdio.ok && 'auth' in stdio.request.transport).toBe(false);
  });

  it('leave OAuth off while an Authorization header is typed', () => {
    const form = {
      ...formFromPrefill(undefined),
      transportKind: 'http' as const,
      url: 'http://127.0.0.1:3011/mcp',
      headers: [newHeaderRow('authorization', 'Bearer abc')],
    };
    const built = buildConnectRequest(form, LEGACY, settings({ mode: 'quick' }));
    expect(built.ok && built.request.transport).toEqual({
      kind: 'http',
      url: 'http://127.0.0.1:3011/mcp',
      headers: { authorization: 'Bearer abc' },
      mode: 'auto',
    });
  });

  it('say what is wrong with a registration a person can fix', () => {
    const errors: string[] = [];
    buildAuthConfig(settings({ clientSecret: 'x', clientMetadataUrl: 'http://example.com/client.json' }), [], errors);
    buildAuthConfig(settings({ clientId: 'a', tokenEndpointAuthMethod: 'client_secret_post' }), [], errors);
    buildAuthConfig(settings({ clientMetadataUrl: 'not a url' }), [], errors);
    expect(errors).toEqual([
      'Authorization: a client secret was given without its client id. Enter the client id it belongs to, or clear the secret.',
      'Authorization: a Client ID Metadata Document URL must be https with a path (e.g. https://example.com/mcpscope/client.json): the authorization server fetches it as the client id.',
      'Authorization: client_secret_post sends a client secret; enter it, or choose "none" for a public client.',
      'Authorization: the Client ID Metadata Document URL "not a url" is not a URL.',
    ]);
    expect(
      buildAuthConfig(settings({ clientId: 'pub', tokenEndpointAuthMethod: 'none', clientMetadataUrl: 'https://example.com/c.json' }), [], errors),
    ).toEqual({
      mode: 'quick',
      clientId: 'pub',
      tokenEndpointAuthMethod: 'none',
      clientMetadataUrl: 'https://example.com/c.json',
    });
  });

  it('take what a launch config carries', () => {
    expect(authSettingsFrom({ mode: 'guided', clientId: 'c' })).toMatchObject({ mode: 'guided', clientId: 'c', clientSecret: '', scope: '' });
  });
});
