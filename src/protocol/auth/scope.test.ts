import { describe, expect, it } from 'vitest';
import { selectScope } from './scope.js';

const prm = (scopesSupported?: string[]) => ({
  resource: 'https://m.example/mcp',
  authorizationServers: ['https://a.example'],
  document: {},
  ...(scopesSupported && { scopesSupported }),
});

describe('selectScope', () => {
  it("takes the challenge's scope first", () => {
    expect(selectScope({ scope: 'files:read' }, prm(['a', 'b']))).toEqual({ scope: 'files:read', source: 'www-authenticate' });
  });
  it('else every scope of scopes_supported', () => {
    expect(selectScope({ error: 'invalid_token' }, prm(['a', 'b']))).toEqual({ scope: 'a b', source: 'scopes_supported' });
    expect(selectScope(undefined, prm(['a']))).toEqual({ scope: 'a', source: 'scopes_supported' });
    expect(selectScope({ scope: '  ' }, prm(['a']))).toEqual({ scope: 'a', source: 'scopes_supported' });
  });
  it('else omits the scope parameter', () => {
    expect(selectScope(undefined, prm())).toEqual({ source: 'omitted' });
    expect(selectScope({}, prm([]))).toEqual({ source: 'omitted' });
    expect(selectScope(undefined, undefined)).toEqual({ source: 'omitted' });
  });
});
