import { describe, expect, it } from 'vitest';
import type { ModelRef, ModelReply } from './contract.js';
import { chooseModel } from './choose.js';
import { modelRequestFromSampling } from './from-sampling.js';
import { costUsd } from './prices.js';
import { parseModelRef } from './ref.js';
import { samplingResultFromReply } from './to-result.js';

const ref = (text: string): ModelRef => {
  const parsed = parseModelRef(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
};

describe('parseModelRef', () => {
  it('splits at the first slash, and says what is wrong otherwise', () => {
    expect(parseModelRef('anthropic/claude-sonnet-4-5')).toEqual({ ok: true, value: { provider: 'anthropic', model: 'claude-sonnet-4-5' } });
    expect(parseModelRef(' openai-compatible/meta-llama/Llama-3.1-8B ')).toEqual({
      ok: true,
      value: { provider: 'openai-compatible', model: 'meta-llama/Llama-3.1-8B' },
    });
    const example = 'write PROVIDER/MODEL, e.g. anthropic/claude-sonnet-4-5, openai/gpt-5 or openai-compatible/llama3.2';
    expect(parseModelRef('gpt-5')).toEqual({ ok: false, error: `"gpt-5" names no provider: ${example}.` });
    expect(parseModelRef('google/gemini')).toEqual({
      ok: false,
      error: `"google" is not a provider mcpscope speaks to (anthropic, openai, openai-compatible): ${example}.`,
    });
    expect(parseModelRef('openai/')).toEqual({ ok: false, error: `"openai/" names no model after the provider: ${example}.` });
    expect(parseModelRef('')).toEqual({ ok: false, error: `No model given: ${example}.` });
    expect(parseModelRef('openai/gpt 5')).toEqual({ ok: false, error: '"gpt 5" has a space in it; a model name has none.' });
  });
});

describe('chooseModel', () => {
  const allowed = [ref('anthropic/claude-sonnet-4-5'), ref('anthropic/claude-haiku-4-5'), ref('openai/gpt-5'), ref('openai-compatible/llama3.2')];

  it('takes the first hint that matches an allowed model, passing over the rest', () => {
    expect(chooseModel({ hints: [{ name: 'gemini' }, { name: 'HAIKU' }, { name: 'gpt' }] }, allowed)).toEqual({
      model: allowed[1],
      reason: 'hint "HAIKU"',
    });
    expect(chooseModel({ hints: [{ name: 'openai-compatible/' }] }, allowed)?.model).toEqual(allowed[3]);
  });

  it('breaks a tie by the priorities, with the price as the measure, else keeps the person order', () => {
    expect(chooseModel({ hints: [{ name: 'claude' }], intelligencePriority: 0.9, costPriority: 0.2 }, allowed)).toEqual({
      model: allowed[0],
      reason: 'hint "claude"; intelligence priority, by price',
    });
    expect(chooseModel({ hints: [{ name: 'claude' }], costPriority: 0.8 }, allowed)?.model).toEqual(allowed[1]);
    expect(chooseModel({ speedPriority: 1 }, allowed)?.model).toEqual(allowed[1]);
    expect(chooseModel({ hints: [{ name: 'claude' }] }, allowed)).toEqual({ model: allowed[0], reason: 'hint "claude"' });
    expect(chooseModel(undefined, allowed)).toEqual({ model: allowed[0], reason: 'the request gives no hint; the first allowed model' });
    expect(chooseModel({ hints: [{ name: 'mistral' }] }, [allowed[3]!])).toEqual({ model: allowed[3], reason: 'no hint ("mistral") matches an allowed model' });
    expect(chooseModel({}, [])).toBeUndefined();
  });
});

describe('modelRequestFromSampling', () => {
  it('takes every field the spec defines, content as arrays, tools and toolChoice', () => {
    const toolTurn = [
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'get_weather', input: { city: 'Paris' } }] },
      { role: 'user', content: [{ type: 'tool_result', toolUseId: 't1', content: [{ type: 'text', text: 'sunny' }] }] },
    ];
    const params = {
      messages: [{ role: 'user', content: { type: 'text', text: 'Weather?' } }, ...toolTurn],
      maxTokens: 100,
      systemPrompt: 'Be brief.',
      temperature: 0.5,
      stopSequences: ['END'],
      tools: [{ name: 'get_weather', inputSchema: { type: 'object' } }],
      toolChoice: { mode: 'required' },
      modelPreferences: { hints: [{ name: 'claude' }] },
      includeContext: 'none',
    };
    expect(modelRequestFromSampling(params, ref('openai/gpt-5'))).toEqual({
      model: { provider: 'openai', model: 'gpt-5' },
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather?' }] }, ...toolTurn],
      maxTokens: 100,
      systemPrompt: 'Be brief.',
      temperature: 0.5,
      stopSequences: ['END'],
      tools: [{ name: 'get_weather', inputSchema: { type: 'object' } }],
      toolChoice: { mode: 'required' },
    });
    expect(modelRequestFromSampling({ messages: [], maxTokens: 5, toolChoice: { mode: 'auto' }, stopSequences: [] }, ref('openai/gpt-5'))).toEqual({
      model: { provider: 'openai', model: 'gpt-5' },
      messages: [],
      maxTokens: 5,
    });
  });
});

describe('samplingResultFromReply', () => {
  const reply = (content: ModelReply['content'], stopReason = 'endTurn'): ModelReply => ({
    role: 'assistant',
    content,
    model: 'claude-sonnet-4-5-20250929',
    stopReason,
    usage: { inputTokens: 1, outputTokens: 1 },
    latencyMs: 3,
  });
  const request = { messages: [{ role: 'user', content: { type: 'text', text: 'Hi' } }], maxTokens: 10 };

  it('answers one block as an object, joins text blocks for a version before arrays, and keeps arrays from 2025-11-25', () => {
    expect(samplingResultFromReply(reply([{ type: 'text', text: 'Hello' }]), request, '2025-06-18')).toEqual({
      ok: true,
      value: { role: 'assistant', content: { type: 'text', text: 'Hello' }, model: 'claude-sonnet-4-5-20250929', stopReason: 'endTurn' },
    });
    const two = reply([
      { type: 'text', text: 'A' },
      { type: 'text', text: 'B' },
    ]);
    expect(samplingResultFromReply(two, request, '2025-06-18')).toMatchObject({ ok: true, value: { content: { type: 'text', text: 'A\n\nB' } } });
    expect(samplingResultFromReply(two, request, '2025-11-25')).toMatchObject({ ok: true, value: { content: [{ text: 'A' }, { text: 'B' }] } });
    expect(samplingResultFromReply(reply([]), request, '2025-11-25')).toMatchObject({ ok: true, value: { content: { type: 'text', text: '' } } });
  });

  it('refuses a tool call to a tool the request did not offer, saying why', () => {
    const use = reply([{ type: 'tool_use', id: 'c1', name: 'delete_all', input: {} }], 'toolUse');
    const withTools = { ...request, tools: [{ name: 'get_weather', inputSchema: { type: 'object' } }] };
    expect(samplingResultFromReply(use, withTools, '2025-11-25')).toEqual({
      ok: false,
      error: ['content uses tool "delete_all", which the request did not offer.'],
    });
  });
});

describe('costUsd', () => {
  it('prices a dated snapshot as its model, and knows no local model', () => {
    expect(costUsd('anthropic', ['claude-haiku-4-5-20251001'], { inputTokens: 1_000_000, outputTokens: 1_000_000 })).toBe(6);
    expect(costUsd('openai-compatible', ['llama3.2'], { inputTokens: 10, outputTokens: 10 })).toBeUndefined();
  });
});
