import { describe, expect, it } from 'vitest';
import { createModelPrefs } from './model-prefs.js';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), items };
}

describe('the page’s model time limit', () => {
  it('keeps a limit in bounds across visits, and goes back to the proxy’s default when emptied', () => {
    const storage = memoryStorage();
    const prefs = createModelPrefs(storage);
    expect(prefs.getState().timeoutSeconds).toBeUndefined();
    expect(prefs.getState().setTimeoutSeconds(5)).toBeUndefined();
    expect(createModelPrefs(storage).getState().timeoutSeconds).toBe(5);
    prefs.getState().setTimeoutSeconds(undefined);
    expect(createModelPrefs(storage).getState().timeoutSeconds).toBeUndefined();
  });

  it('refuses a limit out of bounds with the sentence why, keeping the one in use', () => {
    const prefs = createModelPrefs(memoryStorage());
    prefs.getState().setTimeoutSeconds(30);
    expect(prefs.getState().setTimeoutSeconds(0)).toBe('The time limit for a model answer must be a whole number of seconds from 1 to 600, not 0.');
    expect(prefs.getState().setTimeoutSeconds(601)).toMatch(/from 1 to 600, not 601\.$/);
    expect(prefs.getState().setTimeoutSeconds(2.5)).toMatch(/not 2\.5\.$/);
    expect(prefs.getState().setTimeoutSeconds(Number.NaN)).toBe('The time limit for a model answer must be a whole number of seconds from 1 to 600.');
    expect(prefs.getState().timeoutSeconds).toBe(30);
  });

  it('ignores a stored value it cannot use (edited by hand, out of bounds)', () => {
    expect(createModelPrefs(memoryStorage({ 'mcpscope.modelTimeoutSeconds': '9000' })).getState().timeoutSeconds).toBeUndefined();
    expect(createModelPrefs(memoryStorage({ 'mcpscope.modelTimeoutSeconds': '{' })).getState().timeoutSeconds).toBeUndefined();
  });
});
