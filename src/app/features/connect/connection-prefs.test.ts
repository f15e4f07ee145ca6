import { describe, expect, it } from 'vitest';
import { createConnectionPrefs } from './connection-prefs.js';

const DEFAULTS = { choice: '2025-11-25', probe: true } as const;

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return { items, getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
}

describe('the kept protocol choice', () => {
  it('starts from the defaults and survives a reload (a new store over the same storage)', () => {
    const storage = memoryStorage();
    const prefs = createConnectionPrefs(storage, DEFAULTS);
    expect(prefs.getState()).toMatchObject(DEFAULTS);
    prefs.getState().setChoice('auto');
    prefs.getState().setProbe(false);
    const reloaded = createConnectionPrefs(storage, DEFAULTS);
    expect(reloaded.getState()).toMatchObject({ choice: 'auto', probe: false });
  });

  it('ignores what it cannot use: an unknown version, a wrong type, text that is not JSON', () => {
    const key = 'mcpscope.protocolChoice';
    expect(createConnectionPrefs(memoryStorage({ [key]: '{"choice":"1999-01-01","probe":"yes"}' }), DEFAULTS).getState()).toMatchObject(DEFAULTS);
    expect(createConnectionPrefs(memoryStorage({ [key]: '{"choice":"2026-07-28"}' }), DEFAULTS).getState()).toMatchObject({
      choice: '2026-07-28',
      probe: true,
    });
    expect(createConnectionPrefs(memoryStorage({ [key]: 'not json' }), DEFAULTS).getState()).toMatchObject(DEFAULTS);
    expect(createConnectionPrefs(memoryStorage({ [key]: '[1]' }), DEFAULTS).getState()).toMatchObject(DEFAULTS);
  });

  it('keeps working for this page view when storage refuses to save', () => {
    const prefs = createConnectionPrefs(
      {
        getItem: () => null,
        setItem: () => {
          throw new Error('QuotaExceededError');
        },
      },
      DEFAULTS,
    );
    prefs.getState().setChoice('2026-07-28');
    expect(prefs.getState().choice).toBe('2026-07-28');
  });
});
