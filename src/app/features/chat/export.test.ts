import { describe, expect, it } from 'vitest';
import type { RequestOutcome } from '../../../protocol/index.js';
import { conversationJson } from './export.js';

describe('conversationJson', () => {
  it('has the model, the settings, the messages and the entries with each turn’s usage, and each tool call without its raw record', () => {
    const tool = { name: 'echo', inputSchema: { type: 'object' } };
    const outcome = { status: 'result', result: { content: [] }, request: { raw: '{"raw":"frame"}' } } as unknown as RequestOutcome;
    const json = conversationJson({
      model: 'openai/gpt-5',
      settings: { systemPrompt: 'Be brief.', maxTokens: 100, maxRounds: 3, approveEach: true },
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
      entries: [
        { kind: 'user', text: 'hi' },
        {
          kind: 'assistant',
          reply: { role: 'assistant', content: [], model: 'gpt-5', stopReason: 'toolUse', usage: { inputTokens: 12, outputTokens: 3 }, latencyMs: 40 },
        },
        {
          kind: 'tool',
          toolUseId: 't1',
          name: 'echo',
          server: 'demo',
          key: 1,
          connection: 2,
          arguments: { text: 'hi' },
          status: 'done',
          record: { seq: 1, tool, arguments: { text: 'hi' }, startedAt: 0, durationMs: 17, outcome, sentAnyway: false, rounds: 2 },
        },
      ],
    });
    const parsed = JSON.parse(json) as Record<string, unknown>;
    expect(parsed).toMatchObject({
      model: 'openai/gpt-5',
      settings: { systemPrompt: 'Be brief.', maxTokens: 100, maxRounds: 3, approveEach: true },
      messages: [{ role: 'user' }],
      entries: [
        { kind: 'user' },
        { kind: 'assistant', reply: { usage: { inputTokens: 12, outputTokens: 3 }, latencyMs: 40, stopReason: 'toolUse' } },
        { kind: 'tool', name: 'echo', server: 'demo', arguments: { text: 'hi' }, durationMs: 17, rounds: 2 },
      ],
    });
    expect(json).not.toContain('"record"');
    expect(json).not.toContain('raw');
  });

  it('says null for the settings when one was wrong at the time', () => {
    expect(JSON.parse(conversationJson({ model: 'm', settings: undefined, messages: [], entries: [] }))).toEqual({
      model: 'm',
      settings: null,
      messages: [],
      entries: [],
    });
  });
});
