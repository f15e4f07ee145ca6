import { describe, expect, it } from 'vitest';
import { CredentialsError, fetchStoredCredentials, forgetCredentials, parseStoredCredentials } from './credentials-api.js';

function fakeFetch(status: number, body: unknown, calls: Array<{ url: string; init: RequestInit | undefined }> = []): typeof fetch {
  return (async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return new Response(status === 204 ? null : typeof body === 'string' ? body : JSON.stringify(body), { status });
  }) as typeof fetch;
}

const summary = {
  issuers: [
    {
      issuer: 'http://127.0.0.1:3012',
      clientId: 'dyn-7f3a',
      source: 'dynamic',
      resources: [{ resource: 'http://127.0.0.1:3011/mcp', scope: 'mcp:tools', expiresAt: 1_764_599_600_000, refreshable: true }],
    },
  ],
  persistent: true,
  file: '/home/ada/.config/mcpscope/credentials.json',
};

describe('the stored credentials API', () => {
  it('reads the list with the proxy token, keeping only what it knows', async () => {
    const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
    const got = await fetchStoredCredentials('tok', fakeFetch(200, summary, calls));
    expect(got).toEqual(summary);
    expect(calls[0]).toMatchObject({ url: '/api/credentials', init: { method: 'GET', headers: { Authorization: 'Bearer tok' } } });
    // A bare array (the store's summary as it is) is taken too; entries without an issuer are dropped.
    expect(parseStoredCredentials([{ issuer: 'a', resources: [{ resource: 'r', refreshable: 'yes' }] }, { nope: 1 }])).toEqual({
      issuers: [{ issuer: 'a', resources: [{ resource: 'r', refreshable: false }] }],
    });
  });

  it('forgets one issuer (encoded) or all, with DELETE', async () => {
    const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
    await forgetCredentials('tok', 'https://as.example/tenant a', fakeFetch(204, '', calls));
    await forgetCredentials('tok', undefined, fakeFetch(204, '', calls));
    expect(calls.map((c) => [c.init?.method, c.url])).toEqual([
      ['DELETE', '/api/credentials?issuer=https%3A%2F%2Fas.example%2Ftenant%20a'],
      ['DELETE', '/api/credentials'],
    ]);
  });

  it('says what went wrong in a sentence', async () => {
    await expect(fetchStoredCredentials('tok', fakeFetch(401, 'no'))).rejects.toThrow(/did not accept this page's token/);
    await expect(fetchStoredCredentials('tok', fakeFetch(404, 'No API'))).rejects.toThrow(/older mcpscope/);
    await expect(fetchStoredCredentials('tok', fakeFetch(500, 'disk full'))).rejects.toThrow('The proxy answered /api/credentials with HTTP 500: disk full.');
    await expect(fetchStoredCredentials('tok', fakeFetch(200, '<html>'))).rejects.toThrow('not JSON');
    await expect(fetchStoredCredentials('tok', fakeFetch(200, { issuers: 3 }))).rejects.toBeInstanceOf(CredentialsError);
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(fetchStoredCredentials('tok', offline)).rejects.toThrow(/Is it still running/);
  });
});
