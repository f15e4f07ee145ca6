import { describe, expect, it } from 'vitest';
import { parsePromptResult } from './prompt-result.js';

describe('parsePromptResult', () => {
  it('reads description and messages', () => {
    const r = parsePromptResult({
      description: 'Review TypeScript code',
      messages: [
        { role: 'user', content: { type: 'text', text: 'Please review' } },
        { role: 'assistant', content: { type: 'text', text: 'Sure' } },
      ],
    });
    expect(r).toEqual({
      ok: true,
      description: 'Review TypeScript code',
      messages: [
        { role: 'user', content: { type: 'text', text: 'Please review' } },
        { role: 'assistant', content: { type: 'text', text: 'Sure' } },
      ],
    });
  });

  it('keeps malformed messages with a note', () => {
    const r = parsePromptResult({ messages: [{ role: 'system', content: { type: 'text', text: 'x' } }, { role: 'user', content: 'hi' }, 5] });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.messages).toHaveLength(3);
    expect(r.messages[0]?.problem).toMatch(/"system"/);
    expect(r.messages[1]?.problem).toMatch(/not a content block/);
    expect(r.messages[2]?.problem).toMatch(/not an object/);
  });

  it('rejects a result without messages', () => {
    expect(parsePromptResult({ description: 'x' })).toEqual({ ok: false, error: 'The prompts/get result has no "messages" array.' });
    expect(parsePromptResult('x').ok).toBe(false);
  });
});
