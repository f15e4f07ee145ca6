// generate() against the scripted fake providers on loopback: what is sent,
// what comes back in MCP's words, and each failure as one sentence.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ModelRequest } from '../../src/protocol/wire.js';
import { startFakeAnthropic, startFakeOpenAI } from '../../test/fixtures/models/fakes.js';
import type { FakeProvider } from '../../test/fixtures/models/fake-provider.js';
import { generate } from './generate.js';

const KEY = 'sk-test-0123456789abcdef';
const fakes: FakeProvider[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});
const keep = (fake: FakeProvider): FakeProvider => (fakes.push(fake), fake);

const weather = { name: 'get_weather', description: 'Weather of a city', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } };
const ask = (provider: ModelRequest['model']['provider'], model: string, text: string, extra: Partial<ModelRequest> = {}): ModelRequest => ({
  model: { provider, model },
  messages: [{ role: 'user', content: [{ type: 'text', text }] }],
  maxTokens: 64,
  ...extra,
});

describe('generate with Anthropic', () => {
  it('sends the system prompt, max tokens, temperature and stop sequences, and answers in MCP words with usage and cost', async () => {
    const fake = keep(await startFakeAnthropic({ key: KEY, script: { 'Capital of France?': { text: 'Paris.', usage: { input: 1000, output: 200 } } } }));
    const out = await generate(
      ask('anthropic', 'claude-sonnet-4-5', 'Capital of France?', { systemPrompt: 'Be brief.', temperature: 0.2, stopSequences: ['END'] }),
      {
        apiKey: KEY,
        baseUrl: fake.baseUrl,
      },
    );
    expect(out).toMatchObject({
      ok: true,
      reply: {
        role: 'assistant',
        content: [{ type: 'text', text: 'Paris.' }],
        model: 'claude-sonnet-4-5',
        stopReason: 'endTurn',
        usage: { inputTokens: 1000, outputTokens: 200 },
      },
    });
    // $3 and $15 per million tokens.
    expect(out.ok && out.reply.costUsd).toBeCloseTo(0.006, 10);
    expect(out.ok && out.reply.latencyMs).toBeGreaterThanOrEqual(0);
    const [sent] = fake.received;
    expect(sent?.headers['x-api-key']).toBe(KEY);
    expect(sent?.headers['anthropic-version']).toBe('2023-06-01');
    expect(sent?.body).toMatchObject({
      model: 'claude-sonnet-4-5',
      system: [{ type: 'text', text: 'Be brief.' }],
      max_tokens: 64,
      temperature: 0.2,
      stop_sequences: ['END'],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Capital of France?' }] }],
    });
  });

  it('offers tools without running them: a tool call comes back as tool_use, and toolChoice required is sent as "any"', async () => {
    const fake = keep(
      await startFakeAnthropic({
        key: KEY,
        script: { 'Weather in Paris?': { toolCalls: [{ id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } }] } },
      }),
    );
    const out = await generate(ask('anthropic', 'claude-haiku-4-5', 'Weather in Paris?', { tools: [weather], toolChoice: { mode: 'required' } }), {
      apiKey: KEY,
      baseUrl: fake.baseUrl,
    });
    expect(out).toMatchObject({
      ok: true,
      reply: { content: [{ type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } }], stopReason: 'toolUse' },
    });
    expect(fake.received[0]?.body).toMatchObject({
      tools: [{ name: 'get_weather', description: 'Weather of a city', input_schema: { type: 'object', properties: { city: { type: 'string' } } } }],
      tool_choice: { type: 'any' },
    });
  });

  it('passes a call to a tool it was not offered back as it came, for the caller to judge (never a crash)', async () => {
    const fake = keep(
      await startFakeAnthropic({ key: KEY, script: () => ({ toolCalls: [{ id: 'toolu_x', name: 'delete_all', input: { everything: true } }] }) }),
    );
    expect(await generate(ask('anthropic', 'claude-sonnet-4-5', 'hi', { tools: [weather] }), { apiKey: KEY, baseUrl: fake.baseUrl })).toMatchObject({
      ok: true,
      reply: { content: [{ type: 'tool_use', id: 'toolu_x', name: 'delete_all', input: { everything: true } }], stopReason: 'toolUse' },
    });
  });

  it('sends a tool_result back as Anthropic tool_result blocks, and reads stop_sequence as stopSequence', async () => {
    const fake = keep(await startFakeAnthropic({ key: KEY, script: () => ({ text: 'Sunny', stop: 'stop_sequence', stopSequence: 'END' }) }));
    const out = await generate(
      {
        model: { provider: 'anthropic', model: 'claude-sonnet-4-5' },
        maxTokens: 30,
        tools: [weather],
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
          { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_9', name: 'get_weather', input: { city: 'Paris' } }] },
          { role: 'user', content: [{ type: 'tool_result', toolUseId: 'toolu_9', content: [{ type: 'text', text: '21°C, sunny' }] }] },
        ],
      },
      { apiKey: KEY, baseUrl: fake.baseUrl },
    );
    expect(out).toMatchObject({ ok: true, reply: { stopReason: 'stopSequence' } });
    expect(fake.received[0]?.body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_9', name: 'get_weather', input: { city: 'Paris' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_9', content: '21°C, sunny' }] },
    ]);
  });

  it('says a wrong key in Anthropic words, and tells a rate limit and an overload apart, both retryable', async () => {
    const fake = keep(
      await startFakeAnthropic({
        key: KEY,
        script: {
          busy: { status: 429, message: 'Number of request tokens has exceeded your per-minute rate limit' },
          over: { status: 529, message: 'Overloaded' },
        },
      }),
    );
    const settings = { apiKey: KEY, baseUrl: fake.baseUrl };
    expect(await generate(ask('anthropic', 'claude-sonnet-4-5', 'hi'), { ...settings, apiKey: 'sk-wrong-key-000000' })).toEqual({
      ok: false,
      failure: { kind: 'auth', status: 401, message: 'Anthropic refused the key (HTTP 401): invalid x-api-key. Check ANTHROPIC_API_KEY.', retryable: false },
    });
    expect(await generate(ask('anthropic', 'claude-sonnet-4-5', 'busy'), settings)).toMatchObject({
      ok: false,
      failure: { kind: 'rate-limited', status: 429, retryable: true, message: expect.stringContaining('per-minute rate limit. Wait, then try again.') },
    });
    expect(await generate(ask('anthropic', 'claude-sonnet-4-5', 'over'), settings)).toEqual({
      ok: false,
      failure: { kind: 'provider', status: 529, message: 'Anthropic failed (HTTP 529): Overloaded. Try again later.', retryable: true },
    });
  });

  it('refuses audio before sending it, and says there is no key', async () => {
    const audio = ask('anthropic', 'claude-sonnet-4-5', 'x');
    audio.messages = [{ role: 'user', content: [{ type: 'audio', data: 'AAAA', mimeType: 'audio/wav' }] }];
    expect(await generate(audio, { apiKey: KEY, baseUrl: 'http://127.0.0.1:9/v1' })).toMatchObject({ ok: false, failure: { kind: 'bad-request' } });
    expect(await generate(ask('anthropic', 'claude-sonnet-4-5', 'x'), {})).toEqual({
      ok: false,
      failure: { kind: 'no-key', message: 'No Anthropic API key: set ANTHROPIC_API_KEY.', retryable: false },
    });
  });
});

describe('generate with OpenAI (Chat Completions)', () => {
  it('sends the request as chat completions with a Bearer key, and reads text, tool calls and usage back', async () => {
    const fake = keep(
      await startFakeOpenAI({
        key: KEY,
        script: {
          'Weather in Paris?': {
            text: 'Let me look.',
            toolCalls: [{ id: 'call_1', name: 'get_weather', input: { city: 'Paris' } }],
            usage: { input: 2000, output: 100 },
          },
        },
      }),
    );
    const out = await generate(
      ask('openai', 'gpt-5', 'Weather in Paris?', { systemPrompt: 'Use tools.', temperature: 0.3, tools: [weather], toolChoice: { mode: 'auto' } }),
      {
        apiKey: KEY,
        baseUrl: fake.baseUrl,
      },
    );
    expect(out).toMatchObject({
      ok: true,
      reply: {
        content: [
          { type: 'text', text: 'Let me look.' },
          { type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Paris' } },
        ],
        model: 'gpt-5',
        stopReason: 'toolUse',
        usage: { inputTokens: 2000, outputTokens: 100 },
        // A reasoning model takes no temperature: the SDK leaves it out, and the reply says so.
        warnings: ['temperature was not supported: temperature is not supported for reasoning models.'],
      },
    });
    // $1.25 and $10 per million tokens.
    expect(out.ok && out.reply.costUsd).toBeCloseTo(0.0035, 10);
    const [sent] = fake.received;
    expect(sent?.path).toBe('/v1/chat/completions');
    expect(sent?.headers.authorization).toBe(`Bearer ${KEY}`);
    // gpt-5 is a reasoning model: OpenAI takes its system prompt as a developer message.
    expect(sent?.body).toMatchObject({
      model: 'gpt-5',
      messages: [
        { role: 'developer', content: 'Use tools.' },
        { role: 'user', content: 'Weather in Paris?' },
      ],
      tools: [{ type: 'function', function: { name: 'get_weather', description: 'Weather of a city', parameters: weather.inputSchema } }],
      tool_choice: 'auto',
    });
  });

  it('names where a refused key came from, and what to do there', async () => {
    const fake = keep(await startFakeOpenAI({ key: KEY, script: {} }));
    const refused = async (keySource?: 'typed' | 'stored' | 'env'): Promise<string> => {
      const out = await generate(ask('openai', 'gpt-5', 'hi'), {
        apiKey: 'sk-wrong-abcdefghijklmnop',
        baseUrl: fake.baseUrl,
        ...(keySource ? { keySource } : {}),
      });
      return out.ok ? '' : out.failure.message;
    };
    expect(await refused('typed')).toMatch(/ The key is the one typed in the page: type another in Models, or Forget key\.$/);
    expect(await refused('stored')).toMatch(/ The key is the one kept in model-keys\.json: type another in Models, or Forget key\.$/);
    expect(await refused('env')).toMatch(
      / The key comes from OPENAI_API_KEY in mcpscope's environment: type another in Models \(it is used instead\), or fix OPENAI_API_KEY and restart mcpscope\.$/,
    );
    expect(await refused()).toMatch(/ Check OPENAI_API_KEY\.$/);
    expect(await refused('typed')).not.toContain('OPENAI_API_KEY');
  });

  it('masks the key when the provider quotes it back, and says a bad request in its words', async () => {
    const fake = keep(await startFakeOpenAI({ key: KEY, script: { bad: { status: 400, message: "Unsupported parameter: 'temperature'" } } }));
    const wrong = 'sk-wrong-abcdefghijklmnop';
    const out = await generate(ask('openai', 'gpt-5', 'hi'), { apiKey: wrong, baseUrl: fake.baseUrl });
    expect(out).toMatchObject({ ok: false, failure: { kind: 'auth', status: 401, retryable: false } });
    const message = out.ok ? '' : out.failure.message;
    expect(message).not.toContain(wrong);
    expect(message).toMatch(/^OpenAI refused the key \(HTTP 401\): Incorrect API key provided: •••• \(25 characters hidden\)\. .* Check OPENAI_API_KEY\.$/);
    expect(await generate(ask('openai', 'gpt-5', 'bad'), { apiKey: KEY, baseUrl: fake.baseUrl })).toEqual({
      ok: false,
      failure: { kind: 'bad-request', status: 400, message: "OpenAI refused the request (HTTP 400): Unsupported parameter: 'temperature'.", retryable: false },
    });
  });
});

describe('generate with an OpenAI-compatible endpoint', () => {
  it('needs no key, names no cost, and needs its endpoint', async () => {
    const fake = keep(await startFakeOpenAI({ script: { hi: { text: 'Hello from llama.', stop: 'length' } } }));
    const out = await generate(ask('openai-compatible', 'llama3.2', 'hi'), { baseUrl: fake.baseUrl });
    expect(out).toMatchObject({ ok: true, reply: { content: [{ type: 'text', text: 'Hello from llama.' }], stopReason: 'maxTokens', model: 'llama3.2' } });
    expect(out.ok && 'costUsd' in out.reply).toBe(false);
    expect(fake.received[0]?.headers.authorization).toBeUndefined();
    expect(await generate(ask('openai-compatible', 'llama3.2', 'hi'), {})).toEqual({
      ok: false,
      failure: {
        kind: 'bad-request',
        message: 'An OpenAI-compatible model needs its endpoint: set OPENAI_COMPATIBLE_BASE_URL (for Ollama, http://localhost:11434/v1).',
        retryable: false,
      },
    });
  });
});

describe('generate when the provider is down, slow or odd', () => {
  it('says a request cancelled by its caller (the server cancelled its sampling request)', async () => {
    const fake = keep(await startFakeAnthropic({ key: KEY, script: () => ({ hang: true }) }));
    const caller = new AbortController();
    const pending = generate(ask('anthropic', 'claude-sonnet-4-5', 'hi'), { apiKey: KEY, baseUrl: fake.baseUrl }, caller.signal);
    caller.abort();
    expect(await pending).toEqual({
      ok: false,
      failure: { kind: 'provider', message: 'The request was cancelled before Anthropic answered.', retryable: true },
    });
  });

  it('says an endpoint nobody listens on is unreachable, retryable', async () => {
    const fake = await startFakeOpenAI({ script: {} });
    await fake.close();
    const out = await generate(ask('openai-compatible', 'llama3.2', 'hi'), { baseUrl: fake.baseUrl });
    expect(out).toEqual({
      ok: false,
      failure: {
        kind: 'unreachable',
        message: `Could not reach The OpenAI-compatible endpoint at ${fake.baseUrl} (ECONNREFUSED): is the local model server running?`,
        retryable: true,
      },
    });
  });

  it('gives up on a provider that never answers after the time limit, retryable', async () => {
    const fake = keep(await startFakeAnthropic({ key: KEY, script: () => ({ hang: true }) }));
    const out = await generate(ask('anthropic', 'claude-sonnet-4-5', 'hi'), { apiKey: KEY, baseUrl: fake.baseUrl, timeoutMs: 300 });
    expect(out).toEqual({
      ok: false,
      failure: { kind: 'timeout', message: `Anthropic did not answer within 300 ms (${fake.baseUrl}); try again, or allow longer.`, retryable: true },
    });
  });

  it("takes the caller's own time limit (the proxy's AbortSignal.timeout) as a timeout, not a cancel", async () => {
    const fake = keep(await startFakeAnthropic({ key: KEY, script: () => ({ hang: true }) }));
    const out = await generate(ask('anthropic', 'claude-sonnet-4-5', 'hi'), { apiKey: KEY, baseUrl: fake.baseUrl, timeoutMs: 5000 }, AbortSignal.timeout(100));
    expect(out).toMatchObject({ ok: false, failure: { kind: 'timeout', retryable: true } });
  });

  it('says a connection closed before the answer, retryable', async () => {
    const fake = keep(await startFakeAnthropic({ key: KEY, script: () => ({ closeEarly: true }) }));
    const out = await generate(ask('anthropic', 'claude-sonnet-4-5', 'hi'), { apiKey: KEY, baseUrl: fake.baseUrl });
    expect(out).toMatchObject({ ok: false, failure: { kind: 'provider', retryable: true, message: expect.stringContaining('closed the connection') } });
  });

  it('follows no redirect, and sends no key over plain http to another machine', async () => {
    const redirecting = createServer((_req, res) => res.writeHead(307, { location: 'https://elsewhere.example/v1/messages' }).end());
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/v1`;
    try {
      const out = await generate(ask('anthropic', 'claude-sonnet-4-5', 'hi'), { apiKey: KEY, baseUrl: url });
      expect(out).toMatchObject({
        ok: false,
        failure: { message: expect.stringContaining('redirect (HTTP 307 to https://elsewhere.example/v1/messages), which is not followed') },
      });
    } finally {
      redirecting.close();
    }
    expect(await generate(ask('openai', 'gpt-5', 'hi'), { apiKey: KEY, baseUrl: 'http://192.0.2.7:8000/v1' })).toEqual({
      ok: false,
      failure: {
        kind: 'bad-request',
        message: 'http://192.0.2.7:8000/v1 is plain http to another machine, and the API key would travel unencrypted: use https, or no key.',
        retryable: false,
      },
    });
  });
});

describe('generate with media and tool errors', () => {
  const png = 'iVBORw0KGgo=';
  const media: ModelRequest['messages'] = [
    {
      role: 'user',
      content: [
        { type: 'text', text: 'What is this?' },
        { type: 'image', data: png, mimeType: 'image/png' },
      ],
    },
  ];

  it('sends an image to Anthropic as a base64 image block, and a failed tool result with is_error', async () => {
    const fake = keep(await startFakeAnthropic({ key: KEY, script: () => ({ text: 'A picture.' }) }));
    await generate({ model: { provider: 'anthropic', model: 'claude-sonnet-4-5' }, maxTokens: 10, messages: media }, { apiKey: KEY, baseUrl: fake.baseUrl });
    expect(fake.received[0]?.body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: png } },
        ],
      },
    ]);
    await generate(
      {
        model: { provider: 'anthropic', model: 'claude-sonnet-4-5' },
        maxTokens: 10,
        tools: [weather],
        messages: [
          { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_2', name: 'get_weather', input: {} }] },
          { role: 'user', content: [{ type: 'tool_result', toolUseId: 'toolu_2', isError: true, content: [{ type: 'text', text: 'city is required' }] }] },
        ],
      },
      { apiKey: KEY, baseUrl: fake.baseUrl },
    );
    expect(fake.received[1]?.body.messages).toContainEqual({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_2', content: 'city is required', is_error: true }],
    });
  });

  it('sends an image to OpenAI as a data URL and audio as input_audio', async () => {
    const fake = keep(await startFakeOpenAI({ key: KEY, script: () => ({ text: 'Heard and seen.' }) }));
    const withAudio: ModelRequest['messages'] = [
      { role: 'user', content: [...(media[0]?.content ?? []), { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' }] },
    ];
    const out = await generate({ model: { provider: 'openai', model: 'gpt-4o' }, maxTokens: 10, messages: withAudio }, { apiKey: KEY, baseUrl: fake.baseUrl });
    expect(out.ok).toBe(true);
    expect(fake.received[0]?.body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${png}` } },
          { type: 'input_audio', input_audio: { data: 'UklGRg==', format: 'wav' } },
        ],
      },
    ]);
  });
});
