import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModelOutcome, ModelRequest } from '../../src/protocol/wire.js';
import { startProxy, type RunningProxy } from '../server.js';
import { startFakeOpenAI } from '../../test/fixtures/models/fakes.js';
import { providerGenerate, type GenerateModel, type ModelCallSettings } from './generate.js';

const TOKEN = 'models-routes-token-0123456789';
const KEY = 'sk-proj-routes-0123456789abcdefgh-Kk42';
const ENV_KEY = 'sk-ant-api03-fromenv-0123456789abcd-Ee77';

let dir: string;
let proxy: RunningProxy;
let warnings: string[];
let calls: Array<{ request: ModelRequest; settings: ModelCallSettings }>;
let answer: (request: ModelRequest, settings: ModelCallSettings) => Promise<ModelOutcome>;
const texts: string[] = [];

const reply = (text: string): ModelOutcome => ({
  ok: true,
  reply: {
    role: 'assistant',
    content: [{ type: 'text', text }],
    model: 'gpt-5',
    stopReason: 'endTurn',
    usage: { inputTokens: 3, outputTokens: 5 },
    latencyMs: 12,
  },
});

const generate: GenerateModel = (request, settings) => {
  calls.push({ request, settings });
  return answer(request, settings);
};

async function start(extra: { keyFile?: string; timeoutMs?: number; generate?: GenerateModel } = {}): Promise<void> {
  proxy = await startProxy({
    port: 0,
    token: TOKEN,
    serversFile: join(dir, 'servers.json'),
    warn: (line) => warnings.push(line),
    models: { env: { ANTHROPIC_API_KEY: ENV_KEY }, generate, ...extra },
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read whatever the route answered
type Json = any;

async function api(method: string, path: string, body?: unknown, token = TOKEN): Promise<{ status: number; json: Json }> {
  const response = await fetch(`http://127.0.0.1:${proxy.port}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  texts.push(text);
  let json: Json;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = { text };
  }
  return { status: response.status, json };
}

const request = (provider: string, model: string): unknown => ({
  request: { model: { provider, model }, messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }], maxTokens: 100 },
});

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcpscope-api-models-'));
  warnings = [];
  calls = [];
  texts.length = 0;
  answer = () => Promise.resolve(reply('Hello'));
});
afterEach(async () => {
  // Whatever a test did, no answer and no log line held a key.
  for (const text of [...texts, ...warnings]) {
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(ENV_KEY);
  }
  await proxy.close();
  await rm(dir, { recursive: true, force: true });
});

describe('/api/models', () => {
  it('needs the token like every API route', async () => {
    await start();
    expect((await api('GET', '/api/models', undefined, 'wrong')).status).toBe(401);
    expect((await api('PUT', '/api/models/openai/key', { key: KEY }, 'wrong')).status).toBe(401);
  });

  it('lists the providers with where each key comes from, masked, and sets and forgets a typed key', async () => {
    await start();
    const listing = await api('GET', '/api/models');
    expect(listing.json).toMatchObject({
      persistent: false,
      providers: [{ provider: 'anthropic', key: { source: 'env', masked: 'sk-ant-…Ee77' } }, { provider: 'openai' }, {}],
    });
    expect(listing.json.providers[1].key).toBeUndefined();
    expect(await api('PUT', '/api/models/openai/key', { key: KEY })).toEqual({
      status: 200,
      json: { provider: expect.objectContaining({ provider: 'openai', key: { source: 'typed', masked: 'sk-proj-…Kk42' }, ready: true }) },
    });
    expect((await api('DELETE', '/api/models/openai/key')).json.provider.key).toBeUndefined();
    expect(await api('DELETE', '/api/models/anthropic/key')).toEqual({ status: 400, json: { error: expect.stringMatching(/comes from ANTHROPIC_API_KEY/) } });
  });

  it('sends a model request with the key and endpoint of the store, never those of the page', async () => {
    await start();
    await api('PUT', '/api/models/openai/key', { key: KEY });
    await api('PUT', '/api/models/openai', { baseUrl: 'http://127.0.0.1:9/v1', models: ['gpt-5'] });
    const sent = request('openai', 'gpt-5') as { request: Record<string, unknown> };
    (sent.request.model as Record<string, unknown>).baseUrl = 'https://elsewhere.example/v1';
    expect(await api('POST', '/api/models/generate', sent)).toEqual({ status: 200, json: reply('Hello') });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.request.model).toEqual({ provider: 'openai', model: 'gpt-5', baseUrl: 'http://127.0.0.1:9/v1' });
    expect(calls[0]!.settings).toMatchObject({ apiKey: KEY, baseUrl: 'http://127.0.0.1:9/v1' });
  });

  it('answers without calling anything when there is no key, or the model is not allowed', async () => {
    await start();
    expect((await api('POST', '/api/models/generate', request('openai', 'gpt-5'))).json).toEqual({
      ok: false,
      failure: { kind: 'no-key', message: expect.stringMatching(/^No openai key: add one in Models .*or answer by hand\.$/), retryable: false },
    });
    expect((await api('POST', '/api/models/generate', request('openai-compatible', 'llama3.2'))).json.failure.message).toMatch(/No local endpoint is set/);
    expect((await api('POST', '/api/models/generate', request('anthropic', 'claude-opus-9'))).json.failure).toMatchObject({
      kind: 'bad-request',
      message: expect.stringMatching(/anthropic\/claude-opus-9 is not among the models allowed \(claude-sonnet-4-5, claude-haiku-4-5\)/),
    });
    expect(calls).toHaveLength(0);
  });

  it('masks a key the provider echoes, and turns a throw into a sentence', async () => {
    await start();
    answer = () => Promise.resolve({ ok: false, failure: { kind: 'auth', message: `Incorrect API key provided: ${ENV_KEY}.`, status: 401, retryable: false } });
    const refused = await api('POST', '/api/models/generate', request('anthropic', 'claude-sonnet-4-5'));
    expect(refused.json.failure).toMatchObject({
      kind: 'auth',
      status: 401,
      message: expect.stringMatching(/^Incorrect API key provided: •••• \(\d+ characters hidden\)\.$/),
    });
    answer = () => Promise.reject(new Error(`socket hang up with ${ENV_KEY}`));
    const thrown = await api('POST', '/api/models/generate', request('anthropic', 'claude-sonnet-4-5'));
    expect(thrown.json.failure).toMatchObject({
      kind: 'provider',
      retryable: true,
      message: expect.stringMatching(/^The call to anthropic\/claude-sonnet-4-5 failed: socket hang up with ••••/),
    });
  });

  it('gives up on a model that does not answer in time, and offers to try again', async () => {
    await start({ timeoutMs: 50 });
    answer = (_r, settings) => new Promise((_resolve, reject) => settings.signal.addEventListener('abort', () => reject(new Error('aborted'))));
    expect((await api('POST', '/api/models/generate', request('anthropic', 'claude-sonnet-4-5'))).json.failure).toEqual({
      kind: 'timeout',
      message: 'anthropic/claude-sonnet-4-5 did not answer within 0.05 s: try again, or pick another model.',
      retryable: true,
    });
  });

  it("honours the page's time limit, and refuses one out of bounds with a sentence", async () => {
    await start({ timeoutMs: 60_000 });
    answer = (_r, settings) => new Promise((_resolve, reject) => settings.signal.addEventListener('abort', () => reject(new Error('aborted'))));
    const started = Date.now();
    const sent = { ...(request('anthropic', 'claude-sonnet-4-5') as object), timeoutSeconds: 1 };
    expect((await api('POST', '/api/models/generate', sent)).json.failure).toEqual({
      kind: 'timeout',
      message: 'anthropic/claude-sonnet-4-5 did not answer within 1 s: try again, or pick another model.',
      retryable: true,
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(calls[0]!.settings.timeoutMs).toBe(1000);
    for (const timeoutSeconds of [0, 601, 1.5, 'ten']) {
      expect(await api('POST', '/api/models/generate', { ...(request('anthropic', 'claude-sonnet-4-5') as object), timeoutSeconds })).toEqual({
        status: 400,
        json: {
          error: expect.stringMatching(
            /^The time limit for a model answer must be a whole number of seconds from 1 to 600(, not [\d.]+)?\. Change it under Models in the settings\.$/,
          ),
        },
      });
    }
    expect(calls).toHaveLength(1);
  });

  it("stops the provider's call when the page's request goes away", async () => {
    const fake = await startFakeOpenAI({ script: () => ({ text: 'Too late', delayMs: 30_000 }), key: KEY });
    try {
      await start({ generate: providerGenerate });
      await api('PUT', '/api/models/openai', { baseUrl: fake.baseUrl });
      await api('PUT', '/api/models/openai/key', { key: KEY });
      const page = new AbortController();
      const asked = fetch(`http://127.0.0.1:${proxy.port}/api/models/generate`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(request('openai', 'gpt-5')),
        signal: page.signal,
      });
      await vi.waitFor(() => expect(fake.received).toHaveLength(1));
      expect(fake.received[0]!.aborted).toBe(false);
      page.abort();
      await expect(asked).rejects.toThrow();
      await vi.waitFor(() => expect(fake.received[0]!.aborted).toBe(true));
    } finally {
      await fake.close();
    }
  });

  it('refuses a malformed request with a sentence, and unknown routes and methods', async () => {
    await start();
    expect(await api('POST', '/api/models/generate', { request: { model: { provider: 'gemini', model: 'x' } } })).toEqual({
      status: 400,
      json: { error: expect.stringMatching(/names no model/) },
    });
    expect(
      (await api('POST', '/api/models/generate', { request: { ...(request('openai', 'gpt-5') as { request: object }).request, maxTokens: 0 } })).json.error,
    ).toMatch(/maxTokens/);
    expect((await api('GET', '/api/models/generate')).status).toBe(405);
    expect((await api('GET', '/api/models/gemini')).status).toBe(404);
    expect((await api('PUT', '/api/models/openai', { baseUrl: 'ftp://x' })).json.error).toMatch(/http: or https:/);
  });

  it("lists the models a local endpoint offers (the page's Test), or says why not", async () => {
    const seen: IncomingHttpHeaders[] = [];
    const local: Server = createServer((req, res) => {
      seen.push(req.headers);
      if (req.url === '/v1/models')
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ object: 'list', data: [{ id: 'llama3.2' }, { id: 'qwen3' }] }));
      else res.writeHead(404).end('{"error":{"message":"no such route"}}');
    });
    await new Promise<void>((r) => local.listen(0, '127.0.0.1', r));
    try {
      await start();
      const base = `http://127.0.0.1:${(local.address() as AddressInfo).port}`;
      await api('PUT', '/api/models/openai-compatible', { baseUrl: `${base}/v1` });
      expect(await api('POST', '/api/models/openai-compatible/models')).toEqual({ status: 200, json: { models: ['llama3.2', 'qwen3'] } });
      expect(seen[0]!.authorization).toBeUndefined();
      await api('PUT', '/api/models/openai-compatible', { baseUrl: base });
      expect(await api('POST', '/api/models/openai-compatible/models')).toEqual({
        status: 502,
        json: { error: `${base}/models answered HTTP 404: no such route.` },
      });
      await api('PUT', '/api/models/openai-compatible', { baseUrl: 'http://127.0.0.1:9/v1' });
      expect((await api('POST', '/api/models/openai-compatible/models')).json.error).toMatch(
        /^Nothing answered at http:\/\/127\.0\.0\.1:9\/v1\/models .*is the server running/,
      );
    } finally {
      await new Promise((r) => local.close(r));
    }
  });

  it('with --remember-credentials, keeps a typed key in the model key file across restarts', async () => {
    const keyFile = join(dir, 'mcpscope', 'model-keys.json');
    await start({ keyFile });
    expect((await api('PUT', '/api/models/openai/key', { key: KEY })).json.provider.key.source).toBe('stored');
    expect((await api('GET', '/api/models')).json).toMatchObject({ persistent: true, file: keyFile });
    await proxy.close();
    await start({ keyFile });
    expect((await api('GET', '/api/models')).json.providers[1].key).toEqual({ source: 'stored', masked: 'sk-proj-…Kk42' });
    expect(await readFile(keyFile, 'utf8')).toContain(KEY);
    expect((await api('DELETE', '/api/models')).json.providers[1].key).toBeUndefined();
  });

  it("answers through node/models' provider, with the provider's own words for a wrong key", async () => {
    const fake = await startFakeOpenAI({ script: { Hi: { text: 'Hello from the fake', usage: { input: 7, output: 4 } } }, key: KEY });
    try {
      await start({ generate: providerGenerate });
      await api('PUT', '/api/models/openai', { baseUrl: fake.baseUrl });
      await api('PUT', '/api/models/openai/key', { key: KEY });
      const answered = await api('POST', '/api/models/generate', request('openai', 'gpt-5'));
      expect(answered.json).toMatchObject({
        ok: true,
        reply: {
          role: 'assistant',
          content: [{ type: 'text', text: 'Hello from the fake' }],
          stopReason: 'endTurn',
          usage: { inputTokens: 7, outputTokens: 4 },
        },
      });
      await api('PUT', '/api/models/openai/key', { key: `${KEY}-wrong` });
      const refused = await api('POST', '/api/models/generate', request('openai', 'gpt-5'));
      expect(refused.json).toMatchObject({ ok: false, failure: { kind: 'auth', status: 401 } });
      expect(refused.json.failure.message).not.toContain(`${KEY}-wrong`);
    } finally {
      await fake.close();
    }
  });
});
