// The Chat view's tool-count warning: the ticked connections' tools added up against the chosen model's provider.
import { describe, expect, it } from 'vitest';
import { toolCountNotice } from './tool-count-notice.js';

describe('toolCountNotice', () => {
  it('says nothing at or under OpenAI’s 128 tools', () => {
    expect(toolCountNotice('openai/gpt-5', [{ label: 'a', tools: 128 }])).toBeUndefined();
    expect(toolCountNotice('openai/gpt-5', [])).toBeUndefined();
  });

  it('adds up the servers and names each when an OpenAI model is offered more', () => {
    expect(
      toolCountNotice('openai/gpt-5', [
        { label: 'provider-lint 0.0.1', tools: 100 },
        { label: 'Everything', tools: 40 },
      ]),
    ).toBe(
      'openai/gpt-5 would be offered 140 tools (provider-lint 0.0.1: 100, Everything: 40), and OpenAI takes at most 128 tools in one request and refuses more: untick servers under “Tools of” until at most 128 are offered, or choose another model.',
    );
    expect(toolCountNotice('openai/gpt-5', [{ label: 'one', tools: 130 }])).toBe(
      'openai/gpt-5 would be offered 130 tools, and OpenAI takes at most 128 tools in one request and refuses more: untick servers under “Tools of” until at most 128 are offered, or choose another model.',
    );
  });

  it('binds no limit it cannot source: Anthropic states none, an OpenAI-compatible endpoint has its own', () => {
    expect(toolCountNotice('anthropic/claude-sonnet-4-5', [{ label: 'a', tools: 1000 }])).toBeUndefined();
    expect(toolCountNotice('openai-compatible/llama3.2', [{ label: 'a', tools: 1000 }])).toBeUndefined();
    expect(toolCountNotice('not a model', [{ label: 'a', tools: 1000 }])).toBeUndefined();
  });
});
