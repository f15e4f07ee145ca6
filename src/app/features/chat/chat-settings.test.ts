import { describe, expect, it } from 'vitest';
import { MAX_TOOL_ROUNDS } from '../../../protocol/index.js';
import { createChatSettings, DEFAULT_CHAT_SETTINGS, readChatSettings, type ChatSettings } from './chat-settings.js';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), items };
}

const withFields = (patch: Partial<ChatSettings>): ChatSettings => ({ ...DEFAULT_CHAT_SETTINGS, ...patch });

describe('readChatSettings', () => {
  it('reads the defaults as 4096 tokens, the provider’s temperature, the round limit, no system prompt, no approval', () => {
    expect(readChatSettings(DEFAULT_CHAT_SETTINGS)).toEqual({ ok: true, value: { maxTokens: 4096, maxRounds: MAX_TOOL_ROUNDS, approveEach: false } });
  });

  it('reads what is typed, spaces around the numbers allowed', () => {
    const read = readChatSettings(
      withFields({ systemPrompt: 'Be brief.', maxTokensText: ' 512 ', temperatureText: '0.7', maxRoundsText: '3', approveEach: true }),
    );
    expect(read).toEqual({ ok: true, value: { systemPrompt: 'Be brief.', maxTokens: 512, temperature: 0.7, maxRounds: 3, approveEach: true } });
    expect(readChatSettings(withFields({ temperatureText: '0' }))).toMatchObject({ value: { temperature: 0 } });
    expect(readChatSettings(withFields({ temperatureText: '2' }))).toMatchObject({ value: { temperature: 2 } });
  });

  it('leaves a system prompt of only spaces out', () => {
    expect(readChatSettings(withFields({ systemPrompt: '  \n ' }))).toMatchObject({ ok: true, value: { maxTokens: 4096 } });
    expect(readChatSettings(withFields({ systemPrompt: '  \n ' }))).not.toHaveProperty('value.systemPrompt');
  });

  it.each(['0', '-5', '1.5', '', 'abc', '1e3', '2000000'])('refuses max tokens %j with a sentence saying what it must be', (maxTokensText) => {
    const read = readChatSettings(withFields({ maxTokensText }));
    expect(read).toEqual({ ok: false, problems: { maxTokens: expect.stringContaining('Max tokens must be a whole number from 1 to 1,000,000') } });
  });

  it.each(['-0.1', '2.01', 'warm', 'NaN', 'Infinity'])('refuses temperature %j, naming the range and that empty is the default', (temperatureText) => {
    const read = readChatSettings(withFields({ temperatureText }));
    expect(read).toEqual({ ok: false, problems: { temperature: expect.stringContaining('from 0 to 2 (for example 0.7), or empty') } });
  });

  it('refuses max rounds outside 1..100, and says every wrong field at once', () => {
    const read = readChatSettings(withFields({ maxRoundsText: '0', maxTokensText: 'x', temperatureText: '3' }));
    expect(read.ok).toBe(false);
    if (!read.ok) expect(Object.keys(read.problems).sort()).toEqual(['maxRounds', 'maxTokens', 'temperature']);
    expect(readChatSettings(withFields({ maxRoundsText: '101' }))).toMatchObject({
      ok: false,
      problems: { maxRounds: expect.stringContaining('from 1 to 100') },
    });
  });
});

describe('createChatSettings', () => {
  it('keeps the fields as typed across page loads, mistakes included', () => {
    const storage = memoryStorage();
    const first = createChatSettings(storage);
    first.getState().set({ systemPrompt: 'Be brief.', maxTokensText: '12x', approveEach: true });
    const again = createChatSettings(storage).getState();
    expect(again).toMatchObject({ systemPrompt: 'Be brief.', maxTokensText: '12x', temperatureText: '', approveEach: true });
    again.reset();
    expect(createChatSettings(storage).getState()).toMatchObject(DEFAULT_CHAT_SETTINGS);
  });

  it('takes the defaults for what storage holds in another shape, field by field', () => {
    const storage = memoryStorage({ 'mcpscope.chatSettings': JSON.stringify({ maxTokensText: 99, temperatureText: '0.2', approveEach: 'yes' }) });
    expect(createChatSettings(storage).getState()).toMatchObject({ ...DEFAULT_CHAT_SETTINGS, temperatureText: '0.2' });
    expect(createChatSettings(memoryStorage({ 'mcpscope.chatSettings': '{not json' })).getState()).toMatchObject(DEFAULT_CHAT_SETTINGS);
  });

  it('goes on for this page view when storage refuses to keep them', () => {
    const store = createChatSettings({
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    });
    store.getState().set({ maxRoundsText: '4' });
    expect(store.getState().maxRoundsText).toBe('4');
  });
});
