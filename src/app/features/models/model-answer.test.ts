import { describe, expect, it } from 'vitest';
import type { ModelKeysListing, ModelReply, ModelRequest } from '../../../protocol/index.js';
import { allowedModels, answerAutomatically, draftFromReply, failureSentence, preselected, usageLine } from './model-answer.js';

const listing: ModelKeysListing = {
  persistent: false,
  providers: [
    { provider: 'anthropic', baseUrlSource: 'default', models: ['claude-sonnet-4-5', 'claude-haiku-4-5'], ready: true },
    { provider: 'openai', baseUrlSource: 'default', models: ['gpt-5'], ready: false },
    { provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:11434/v1', baseUrlSource: 'set', models: ['llama3.2'], ready: true },
  ],
};

const reply = (over: Partial<ModelReply> = {}): ModelReply => ({
  role: 'assistant',
  content: [{ type: 'text', text: 'Paris.' }],
  model: 'claude-haiku-4-5-20251001',
  stopReason: 'endTurn',
  usage: { inputTokens: 12, outputTokens: 3 },
  costUsd: 0.000027,
  latencyMs: 840,
  ...over,
});

const params = {
  messages: [{ role: 'user', content: { type: 'text', text: 'Capital of France?' } }],
  maxTokens: 50,
  modelPreferences: { hints: [{ name: 'haiku' }] },
};

describe('answering sampling with a model', () => {
  it('offers the allowed models of the providers that are ready, in the person’s order', () => {
    expect(allowedModels(listing).map((r) => `${r.provider}/${r.model}`)).toEqual([
      'anthropic/claude-sonnet-4-5',
      'anthropic/claude-haiku-4-5',
      'openai-compatible/llama3.2',
    ]);
    expect(allowedModels(undefined)).toEqual([]);
  });

  it("pre-selects by the request's hints, else the first allowed model", () => {
    expect(preselected(params, allowedModels(listing))).toEqual({ ref: 'anthropic/claude-haiku-4-5', reason: 'hint "haiku"' });
    expect(preselected({ ...params, modelPreferences: undefined }, allowedModels(listing))?.ref).toBe('anthropic/claude-sonnet-4-5');
    expect(preselected(params, [])).toBeUndefined();
  });

  it("puts the reply in the reply form's fields: text, tool uses, the model's name and its stop reason", () => {
    expect(
      draftFromReply(
        reply({
          content: [
            { type: 'text', text: 'Checking.' },
            { type: 'tool_use', id: 't1', name: 'get_weather', input: { city: 'Paris' } },
          ],
          stopReason: 'toolUse',
        }),
      ),
    ).toEqual({
      text: 'Checking.',
      model: 'claude-haiku-4-5-20251001',
      stopReason: 'toolUse',
      customStopReason: '',
      toolUses: [{ name: 'get_weather', inputText: '{\n  "city": "Paris"\n}' }],
    });
    expect(draftFromReply(reply({ stopReason: 'refusal' }))).toMatchObject({ stopReason: 'custom', customStopReason: 'refusal' });
  });

  it('says tokens, cost (or that it is unknown) and latency', () => {
    expect(usageLine(reply())).toBe('12 in + 3 out tokens · $0.000027 · 840 ms');
    expect(usageLine(reply({ costUsd: undefined, latencyMs: 2345 }))).toBe('12 in + 3 out tokens · cost unknown · 2.3 s');
  });

  it('answers automatically with the result the version accepts, or the failure’s sentence', async () => {
    const sent: ModelRequest[] = [];
    const signals: AbortSignal[] = [];
    const cancel = new AbortController();
    const answered = await answerAutomatically(
      (request, signal) => {
        sent.push(request);
        signals.push(signal);
        return Promise.resolve({ ok: true, reply: reply() });
      },
      { params, version: '2025-06-18' },
      'anthropic/claude-haiku-4-5',
      cancel.signal,
    );
    // The request's own signal goes with the call, so the server's cancel stops it.
    expect(signals).toEqual([cancel.signal]);
    expect(sent[0]).toMatchObject({
      model: { provider: 'anthropic', model: 'claude-haiku-4-5' },
      maxTokens: 50,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Capital of France?' }] }],
    });
    expect(answered).toEqual({
      ok: true,
      result: { role: 'assistant', content: { type: 'text', text: 'Paris.' }, model: 'claude-haiku-4-5-20251001', stopReason: 'endTurn' },
      summary: 'Answered by anthropic/claude-haiku-4-5 automatically (12 in + 3 out tokens · $0.000027 · 840 ms).',
    });
    const refused = await answerAutomatically(
      () => Promise.resolve({ ok: false, failure: { kind: 'auth', message: 'invalid x-api-key', status: 401, retryable: false } }),
      { params, version: '2025-06-18' },
      'anthropic/claude-haiku-4-5',
      cancel.signal,
    );
    expect(refused).toEqual({ ok: false, message: 'invalid x-api-key' });
    expect(
      await answerAutomatically(() => Promise.reject(new Error('not called')), { params, version: '2025-06-18' }, 'gemini/x', cancel.signal),
    ).toMatchObject({
      ok: false,
    });
  });
  it('says a timeout with the limit in use and where to change it; other failures in their own words', () => {
    const late = { kind: 'timeout' as const, message: 'OpenAI did not answer within 5000 ms.', retryable: true };
    expect(failureSentence(late, 'openai/gpt-5', 5)).toBe(
      'openai/gpt-5 timed out: it did not answer within 5 s (set under Models in the settings). The request still waits: try again, allow longer, or reply by hand below.',
    );
    expect(failureSentence(late, 'openai/gpt-5', undefined)).toMatch(/within 120 s \(the proxy's default; set another under Models in the settings\)/);
    expect(failureSentence({ kind: 'auth', message: 'Incorrect API key provided.', retryable: false }, 'openai/gpt-5', 5)).toBe('Incorrect API key provided.');
  });
});
