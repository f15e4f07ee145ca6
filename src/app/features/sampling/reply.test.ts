import { describe, expect, it } from 'vitest';
import { buildReply, mediaOf, type ReplyDraft } from './reply.js';

const draft = (over: Partial<ReplyDraft> = {}): ReplyDraft => ({ text: '', model: 'm', stopReason: 'endTurn', customStopReason: '', toolUses: [], ...over });
const ask = { messages: [{ role: 'user', content: { type: 'text', text: 'Hi' } }], maxTokens: 10 };
const withTools = { ...ask, tools: [{ name: 'w', inputSchema: { type: 'object' } }] };
const pending = (params: unknown, version = '2025-11-25') => ({ n: 3, params, version });

describe('buildReply', () => {
  it('builds a text reply with the model and stopReason', () => {
    expect(buildReply(draft({ text: 'Paris' }), pending(ask))).toEqual({
      ok: true,
      result: { role: 'assistant', content: { type: 'text', text: 'Paris' }, model: 'm', stopReason: 'endTurn' },
      summary: 'Replied with text as m, stopReason endTurn.',
    });
  });

  it('takes a custom stopReason, or none', () => {
    const custom = buildReply(draft({ text: 'x', stopReason: 'custom', customStopReason: 'refusal' }), pending(ask));
    expect(custom.ok && custom.result.stopReason).toBe('refusal');
    const none = buildReply(draft({ text: 'x', stopReason: '' }), pending(ask));
    expect(none.ok && 'stopReason' in none.result).toBe(false);
  });

  it('adds tool uses with ids of their own, and an attached image, as an array in 2025-11-25', () => {
    const media = mediaOf('a.png', 'image/png', 'iVBORw0KGgo=');
    if (typeof media === 'string') throw new Error(media);
    const built = buildReply(draft({ media, toolUses: [{ name: 'w', inputText: '{"city":"Paris"}' }], stopReason: 'toolUse' }), pending(withTools));
    expect(built.ok && built.result.content).toEqual([
      { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
      { type: 'tool_use', id: 'toolu_3_1', name: 'w', input: { city: 'Paris' } },
    ]);
  });

  it('says what to fix: nothing to send, input that is not a JSON object, several blocks before 2025-11-25, no model', () => {
    expect(buildReply(draft(), pending(ask))).toEqual({ ok: false, problems: ['Write a reply text, attach an image or audio file, or add a tool use.'] });
    expect(buildReply(draft({ toolUses: [{ name: 'w', inputText: '[1]' }] }), pending(withTools))).toEqual({
      ok: false,
      problems: ['Tool use 1 (w): the input must be a JSON object, like {"city": "Paris"}.'],
    });
    const media = mediaOf('a.wav', 'audio/wav', 'AAAA');
    if (typeof media === 'string') throw new Error(media);
    expect(buildReply(draft({ text: 'x', media }), pending(ask, '2025-06-18'))).toEqual({
      ok: false,
      problems: ['2025-06-18 allows one content block in a sampling result, and this reply has 2: keep only one.'],
    });
    expect(buildReply(draft({ text: 'x', model: ' ' }), pending(ask))).toMatchObject({ ok: false, problems: [expect.stringMatching(/^Name the model/)] });
  });

  it('refuses what its own linter would flag: stopReason toolUse without a tool use', () => {
    expect(buildReply(draft({ text: 'x', stopReason: 'toolUse' }), pending(ask))).toEqual({
      ok: false,
      problems: ['stopReason is "toolUse", but content holds no tool_use block.'],
    });
  });

  it('takes only image and audio files', () => {
    expect(mediaOf('notes.txt', 'text/plain', 'aGk=')).toBe('notes.txt is of type text/plain; a sampling reply can carry an image or audio file only.');
    expect(mediaOf('tone.wav', 'audio/wav', 'AAAA')).toEqual({ type: 'audio', mimeType: 'audio/wav', data: 'AAAA', fileName: 'tone.wav' });
  });
});
