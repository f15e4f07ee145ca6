// Prompts tab state: the selected prompt, what was typed per prompt, and
// which prompts/get was asked for last — for one connection. What it
// returned lives in the query cache (server-data/reads.ts), not here.

import { createStore, type StoreApi } from 'zustand/vanilla';
import { ownValue, type Prompt } from '../../../protocol/index.js';
import { applyExtras, type RequestExtras } from '../request-extras/request-extras.js';
import { buildPromptParams, declaredArguments } from './prompt-arguments.js';

/** prompts/get leaves out `arguments` when there are none, as the spec allows, unless asked to send `{}`. */
export const PROMPT_EXTRAS: RequestExtras = { sendEmptyArguments: false, metaText: '' };

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
  /** `arguments: {}` and `_meta` per prompt name, as set under its form. */
  extras: Readonly<Record<string, RequestExtras>>;
  /** Why the last Get prompt sent nothing, besides missing arguments (a `_meta` that is not an object). */
  blocked?: string;
  requested?: PromptRequest;

  forConnection(connection: number): void;
  setFilter(filter: string): void;
  select(name: string): void;
  setValue(prompt: string, argument: string, value: string): void;
  setExtras(prompt: string, extras: RequestExtras): void;
  /** Check the required arguments and `_meta`, then send prompts/get; false (and nothing sent) when one is wrong. */
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
    extras: {},

    forConnection: (connection) => {
      if (connection !== get().connection) set({ connection, requested: undefined, missing: [], blocked: undefined });
    },
    setFilter: (filter) => set({ filter }),
    select: (selected) => {
      if (selected !== get().selected) set({ selected, missing: [], blocked: undefined });
    },
    setValue: (prompt, argument, value) => {
      const { values, missing } = get();
      set({
        values: { ...values, [prompt]: { ...ownValue(values, prompt), [argument]: value } },
        missing: value.trim() === '' ? missing : missing.filter((m) => m !== argument),
      });
    },
    setExtras: (prompt, extras) => set((s) => ({ extras: { ...s.extras, [prompt]: extras }, blocked: undefined })),
    getPrompt: (prompt) => {
      const values = ownValue(get().values, prompt.name) ?? {};
      const built = buildPromptParams(prompt.name, declaredArguments(prompt.arguments), values);
      const applied = applyExtras(built.ok ? built.params.arguments : undefined, ownValue(get().extras, prompt.name) ?? PROMPT_EXTRAS);
      if (!built.ok || !applied.ok) {
        set({ missing: built.ok ? [] : built.missing, blocked: applied.ok ? undefined : `${applied.message} Nothing was sent.` });
        return false;
      }
      const params: Record<string, unknown> = {
        name: prompt.name,
        ...(applied.arguments ? { arguments: applied.arguments } : {}),
        ...(applied.meta ? { _meta: applied.meta } : {}),
      };
      set({ requested: { name: prompt.name, params }, missing: [], blocked: undefined });
      void deps.get(get().connection, params);
      return true;
    },
  }));
}
