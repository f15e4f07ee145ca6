import { describe, expect, it } from 'vitest';
import { ProxyApiError } from './proxy-call.js';
import { serversApi } from './servers-api.js';

const entry = { name: 'demo', transport: { kind: 'stdio' as const, command: 'node', args: ['demo.js'], env: {} }, secretKeys: [] };
const server = { id: 's-1', entry, createdAt: 't', updatedAt: 't', source: 'saved', secretValues: [] };

/** A fetch that records each call and answers with the next of `answers`. */
function fakeFetch(...answers: Array<Response | Error>) {
  const calls: Array<{ url: string; method: string; auth: string | null; body: unknown }> = [];
  const fn = (async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    calls.push({ url, method: init.method ?? 'GET', auth: headers.get('Authorization'), body: init.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers.shift();
    if (answer instanceof Error) throw answer;
    return answer ?? new Response(null, { status: 500 });
  }) as typeof fetch;
  return { fn, calls };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('serversApi', () => {
  it('sends each call with the token, to its route, with its body', async () => {
    const f = fakeFetch(json(201, { server }), json(200, { server }), new Response(null, { status: 204 }), json(201, { server }), json(200, { value: 'v' }));
    const api = serversApi('tok', f.fn);
    expect(await api.add(entry)).toEqual(server);
    await api.save('s-1', entry);
    expect(await api.remove('s-1')).toBeUndefined();
    await api.duplicate('s-1');
    expect(await api.reveal('s-1', 'API_KEY')).toBe('v');
    expect(f.calls).toEqual([
      { url: '/api/servers', method: 'POST', auth: 'Bearer tok', body: { entry } },
      { url: '/api/servers/s-1', method: 'PUT', auth: 'Bearer tok', body: { entry } },
      { url: '/api/servers/s-1', method: 'DELETE', auth: 'Bearer tok', body: undefined },
      { url: '/api/servers/s-1/duplicate', method: 'POST', auth: 'Bearer tok', body: undefined },
      { url: '/api/servers/s-1/reveal', method: 'POST', auth: 'Bearer tok', body: { key: 'API_KEY' } },
    ]);
  });

  it('an id is one path segment, whatever it holds', async () => {
    const f = fakeFetch(new Response(null, { status: 204 }));
    await serversApi('tok', f.fn).remove('../reset');
    expect(f.calls[0]!.url).toBe('/api/servers/..%2Freset');
  });

  it("a refusal carries the proxy's sentence and its status", async () => {
    const f = fakeFetch(json(409, { error: 'A server named "demo" is already saved: pick another name.' }));
    const error = await serversApi('tok', f.fn)
      .add(entry)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProxyApiError);
    expect(error).toMatchObject({ status: 409, message: 'A server named "demo" is already saved: pick another name.' });
  });

  it('says what happened when the proxy is gone, the token is refused, or the answer is not JSON', async () => {
    const f = fakeFetch(
      new TypeError('Failed to fetch'),
      new Response('no', { status: 403 }),
      new Response('<html>', { status: 200 }),
      new Response('', { status: 502 }),
    );
    const api = serversApi('tok', f.fn);
    await expect(api.list()).rejects.toThrow('Could not reach the mcpscope proxy');
    await expect(api.list()).rejects.toThrow("did not accept this page's token");
    await expect(api.list()).rejects.toThrow('is not JSON');
    await expect(api.list()).rejects.toThrow('The proxy answered GET /api/servers with HTTP 502.');
  });

  it('imports and resets through their own routes', async () => {
    const f = fakeFetch(
      json(201, { added: [server], renamed: [{ from: 'demo', to: 'demo copy' }] }),
      json(200, { file: 'f', servers: [], recent: [], movedAside: 'f.broken-1' }),
    );
    const api = serversApi('tok', f.fn);
    expect((await api.import([entry])).renamed).toEqual([{ from: 'demo', to: 'demo copy' }]);
    expect((await api.reset()).movedAside).toBe('f.broken-1');
    expect(f.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/servers/import', 'POST /api/servers/reset']);
  });
});
