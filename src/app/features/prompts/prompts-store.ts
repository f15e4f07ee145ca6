// Prompts tab state: the selected prompt, what was typed per prompt, and
// which prompts/get was asked for last — for one connection. What it
// returned lives in the query cache (server-data/reads.ts), not here.

import { createStore, type StoreApi } from 'zustand/vanilla';
import { ownValue, type Prompt } from '../../../protocol/index.js';
import { buildPromptParams, declaredArguments } from './prompt-arguments.js';

/** The prompts/get asked for last: its query is keyed by these params. */
export interface PromptRequest {
  name: string;
  params: Record<string, unknown>;
}

export interface PromptsState {
  connection: number;
  filter: string;
  selected?: string;
  /** Argument values typed, per prompt name. */
  values: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Required arguments found empty on the last Get prompt, for the selected prompt. */
  missing: readonly string[];
  requested?: PromptRequest;

  forConnection(connection: number): void;
  setFilter(filter: string): void;
  select(name: string): void;
  setValue(prompt: string, argument: string, value: string): void;
  /** Check the required arguments, then send prompts/get; false (and nothing sent) when one is empty. */
  getPrompt(prompt: Prompt): boolean;
}

export type PromptsStore = StoreApi<PromptsState>;

export interface PromptsDeps {
  /** Send prompts/get for `connection` now; its query holds the outcome. */
  get(connection: number, params: Record<string, unknown>): Promise<void>;
}

export function createPromptsStore(deps: PromptsDeps): PromptsStore {
  return createStore<PromptsState>()((set, get) => ({
    connection: 0,
    filter: '',
    values: {},
    missing: [],

    forConnection: (connection) => {
      if (connection !== get().connection) set({ connection, requested: undefined, missing: [] });
    },
    setFilter: (filter) => set({ filter }),
    select: (selected) => {
      if (selected !== get().selected) set({ selected, missing: [] });
    },
    setValue: (prompt, argument, value) => {
      const { values, missing } = get();
      set({
        values: { ...values, [prompt]: { ...ownValue(values, prompt), [argument]: value } },
        missing: value.trim() === '' ? missing : missing.filter((m) => m !== argument),
      });
    },
    getPrompt: (prompt) => {
      const values = ownValue(get().values, prompt.name) ?? {};
      const built = buildPromptParams(prompt.name, declaredArguments(prompt.arguments), values);
      if (!built.ok) {
        set({ missing: built.missing });
        return false;
      }
      const params: Record<string, unknown> = { ...built.params };
      set({ requested: { name: prompt.name, params }, missing: [] });
      void deps.get(get().connection, params);
      return true;
    },
  }));
}
