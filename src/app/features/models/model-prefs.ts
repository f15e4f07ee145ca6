// The page's own model setting, kept in the browser's local storage: how long one model answer may take, sent with
// each generate request (absent: the proxy's default). Only a time limit in bounds is ever kept.
import { createStore } from 'zustand/vanilla';
import { modelTimeLimitProblem } from '../../../protocol/index.js';
import type { SettingsStorage } from '../../components/icons/icon-origins.js';

const KEY = 'mcpscope.modelTimeoutSeconds';

export interface ModelPrefsState {
  /** Seconds; undefined: the proxy's default. */
  timeoutSeconds: number | undefined;
  /** Undefined goes back to the proxy's default; a limit out of bounds is refused with the sentence why. */
  setTimeoutSeconds(seconds: number | undefined): string | undefined;
}

function readSaved(storage: SettingsStorage | undefined): number | undefined {
  try {
    const saved: unknown = JSON.parse(storage?.getItem(KEY) ?? 'null');
    return modelTimeLimitProblem(saved) === undefined ? (saved as number) : undefined;
  } catch {
    return undefined;
  }
}

export function createModelPrefs(storage: SettingsStorage | undefined) {
  return createStore<ModelPrefsState>()((set) => ({
    timeoutSeconds: readSaved(storage),
    setTimeoutSeconds: (seconds) => {
      const problem = seconds === undefined ? undefined : modelTimeLimitProblem(seconds);
      if (problem !== undefined) return problem;
      set({ timeoutSeconds: seconds });
      try {
        storage?.setItem(KEY, JSON.stringify(seconds ?? null));
      } catch {
        // Storage full or disabled: the limit lasts for this page view.
      }
      return undefined;
    },
  }));
}

export type ModelPrefs = ReturnType<typeof createModelPrefs>;
