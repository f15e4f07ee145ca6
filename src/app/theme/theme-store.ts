// The page's theme: the person's switch (System, Light, Dark), kept in the
// browser's local storage, and the system's prefers-color-scheme, followed live.
// The CSS follows the system by itself (color-scheme: light dark); a choice sets
// data-theme on <html>, which pins it.

import { createStore, type StoreApi } from 'zustand/vanilla';
import type { SettingsStorage } from '../components/icons/icon-origins.js';

/** Also read by public/theme-boot.js, before the first paint. */
export const THEME_STORAGE_KEY = 'mcpscope.theme';

export type Theme = 'light' | 'dark';
export type ThemeChoice = 'system' | Theme;
export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

/** `matchMedia('(prefers-color-scheme: dark)')`, as much of it as the store reads. */
export interface ColorSchemeQuery {
  readonly matches: boolean;
  addEventListener(type: 'change', listener: () => void): void;
}

export interface ThemeState {
  choice: ThemeChoice;
  /** What the system asks for. */
  system: Theme;
  /** The theme shown: the choice, or the system's when the choice is System. */
  theme: Theme;
  setChoice(choice: ThemeChoice): void;
}

function isThemeChoice(value: unknown): value is ThemeChoice {
  return THEME_CHOICES.some((c) => c === value);
}

function readSaved(storage: SettingsStorage | undefined): ThemeChoice {
  try {
    const saved = storage?.getItem(THEME_STORAGE_KEY);
    return isThemeChoice(saved) ? saved : 'system';
  } catch {
    return 'system';
  }
}

const shown = (choice: ThemeChoice, system: Theme): Theme => (choice === 'system' ? system : choice);

export function createThemeStore(storage: SettingsStorage | undefined, prefersDark: ColorSchemeQuery | undefined) {
  const systemTheme = (): Theme => (prefersDark?.matches ? 'dark' : 'light');
  const store = createStore<ThemeState>()((set, get) => {
    const choice = readSaved(storage);
    const system = systemTheme();
    return {
      choice,
      system,
      theme: shown(choice, system),
      setChoice: (next) => {
        set({ choice: next, theme: shown(next, get().system) });
        try {
          storage?.setItem(THEME_STORAGE_KEY, next);
        } catch {
          // Storage full or disabled: the choice lasts for this page view.
        }
      },
    };
  });
  prefersDark?.addEventListener('change', () => {
    const system = systemTheme();
    store.setState({ system, theme: shown(store.getState().choice, system) });
  });
  return store;
}

export type ThemeStore = ReturnType<typeof createThemeStore>;

/** Keeps `data-theme` on the page's root in step with the choice; call before the first render. */
export function applyTheme(store: StoreApi<ThemeState>, root: Pick<Element, 'setAttribute' | 'removeAttribute'>): () => void {
  const apply = ({ choice }: ThemeState): void => {
    if (choice === 'system') root.removeAttribute('data-theme');
    else root.setAttribute('data-theme', choice);
  };
  apply(store.getState());
  return store.subscribe(apply);
}
