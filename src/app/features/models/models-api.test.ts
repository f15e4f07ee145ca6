import { describe, expect, it } from 'vitest';
import type { ModelRequest } from '../../../protocol/index.js';
import { modelsApi } from './models-api.js';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const request: ModelRequest = {
  model: { provider: 'openai', model: 'gpt-5' },
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
  maxTokens: 9,
};

describe('modelsApi', () => {
  it('sends each call with the token to its route', async () => {
    const calls: Array<[string, string, unknown]> = [];
    const view = { provider: 'openai', baseUrlSource: 'default', models: [], ready: true };
    const answers = [json(200, { provider: view }), json(200, { provider: view }), json(200, { models: ['llama3.2'] }), json(200, { ok: true })];
    const api = modelsApi('tok', (async (url: string, init: RequestInit = {}) => {
      calls.push([String(init.method), url, init.body ? JSON.parse(String(init.body)) : undefined]);
      expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok');
      return answers.shift()!;
    }) as typeof fetch);
    await api.setKey('openai', 'sk-x');
    await api.configure('openai-compatible', { baseUrl: 'http://127.0.0.1:11434/v1' });
    expect(await api.listModels('openai-compatible')).toEqual(['llama3.2']);
    await api.generate(request);
    expect(calls).toEqual([
      ['PUT', '/api/models/openai/key', { key: 'sk-x' }],
      ['PUT', '/api/models/openai-compatible', { baseUrl: 'http://127.0.0.1:11434/v1' }],
      ['POST', '/api/models/openai-compatible/models', undefined],
      ['POST', '/api/models/generate', { request }],
    ]);
  });

  it('turns a proxy that cannot be reached, or refuses, into a failure to show with Try again', async () => {
    const down = modelsApi('tok', (() => Promise.reject(new TypeError('fetch failed'))) as typeof fetch);
    expect(await down.generate(request)).toEqual({
      ok: false,
      failure: { kind: 'unreachable', message: 'Could not reach the mcpscope proxy for the model settings. Is it still running?', retryable: true },
    });
    const refusing = modelsApi('tok', (() => Promise.resolve(json(400, { error: 'The request names no model.' }))) as typeof fetch);
    expect((await refusing.generate(request)).ok === false && (await refusing.generate(request))).toMatchObject({
      failure: { message: 'The request names no model.' },
    });
  });
  it("sends the page's time limit with each model request, as it is when the request goes", async () => {
    const bodies: unknown[] = [];
    let limit: number | undefined = 5;
    const api = modelsApi(
      'tok',
      (async (_url: string, init: RequestInit = {}) => {
        bodies.push(JSON.parse(String(init.body)));
        return json(200, { ok: false, failure: { kind: 'timeout', message: 'late', retryable: true } });
      }) as typeof fetch,
      () => limit,
    );
    await api.generate(request);
    limit = undefined;
    await api.generate(request);
    expect(bodies).toEqual([{ request, timeoutSeconds: 5 }, { request }]);
  });
});
