import { describe, expect, it } from 'vitest';
import { applyTheme, createThemeStore, type ColorSchemeQuery } from './theme-store.js';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), items };
}

function fakeQuery(matches: boolean) {
  const listeners = new Set<() => void>();
  const query: ColorSchemeQuery & { matches: boolean; flip(to: boolean): void } = {
    matches,
    addEventListener: (_type, listener) => void listeners.add(listener),
    flip(to) {
      query.matches = to;
      for (const l of listeners) l();
    },
  };
  return query;
}

function fakeRoot() {
  const attributes = new Map<string, string>();
  return {
    setAttribute: (k: string, v: string) => void attributes.set(k, v),
    removeAttribute: (k: string) => void attributes.delete(k),
    attributes,
  };
}

describe('theme store', () => {
  it('follows the system when no choice is kept, live', () => {
    const query = fakeQuery(true);
    const theme = createThemeStore(memoryStorage(), query);
    expect(theme.getState()).toMatchObject({ choice: 'system', theme: 'dark' });
    query.flip(false);
    expect(theme.getState().theme).toBe('light');
  });

  it("keeps the person's choice, which wins over the system", () => {
    const storage = memoryStorage();
    const query = fakeQuery(true);
    createThemeStore(storage, query).getState().setChoice('light');
    const again = createThemeStore(storage, query);
    expect(again.getState()).toMatchObject({ choice: 'light', theme: 'light' });
    query.flip(false);
    again.getState().setChoice('dark');
    expect(again.getState().theme).toBe('dark');
  });

  it('reads a stored value it does not know as System, and works without storage or a media query', () => {
    expect(createThemeStore(memoryStorage({ 'mcpscope.theme': 'purple' }), fakeQuery(true)).getState().choice).toBe('system');
    const bare = createThemeStore(undefined, undefined);
    expect(bare.getState()).toMatchObject({ choice: 'system', theme: 'light' });
    bare.getState().setChoice('dark');
    expect(bare.getState().theme).toBe('dark');
  });

  it('sets data-theme on the root for a choice and removes it for System', () => {
    const theme = createThemeStore(memoryStorage({ 'mcpscope.theme': 'dark' }), fakeQuery(false));
    const root = fakeRoot();
    applyTheme(theme, root);
    expect(root.attributes.get('data-theme')).toBe('dark');
    theme.getState().setChoice('system');
    expect(root.attributes.has('data-theme')).toBe(false);
    theme.getState().setChoice('light');
    expect(root.attributes.get('data-theme')).toBe('light');
  });
});
