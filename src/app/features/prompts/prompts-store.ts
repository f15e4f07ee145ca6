// Prompts tab state: the selected prompt, what was typed per prompt, and the
// latest prompts/get — for one connection.

import { createStore, type StoreApi } from 'zustand/vanilla';
import type { RequestOutcome } from '../../../protocol/index.js';

export interface PromptGet {
  name: string;
  seq: number;
  loading: boolean;
  outcome?: RequestOutcome;
  finishedAt?: number;
}

export interface PromptsState {
  connection: number;
  filter: string;
  selected?: string;
  /** Argument values typed, per prompt name. */
  values: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Required arguments found empty on the last Get prompt, for the selected prompt. */
  missing: readonly string[];
  get?: PromptGet;

  forConnection(connection: number): void;
  setFilter(filter: string): void;
  select(name: string): void;
  setValue(prompt: string, argument: string, value: string): void;
  setMissing(missing: readonly string[]): void;
  startGet(name: string): number;
  finishGet(seq: number, outcome: RequestOutcome, at: number): void;
}

export type PromptsStore = StoreApi<PromptsState>;

export function createPromptsStore(): PromptsStore {
  let seq = 0;
  return createStore<PromptsState>()((set, get) => ({
    connection: 0,
    filter: '',
    values: {},
    missing: [],

    forConnection: (connection) => {
      if (connection !== get().connection) set({ connection, get: undefined, missing: [] });
    },
    setFilter: (filter) => set({ filter }),
    select: (selected) => {
      if (selected !== get().selected) set({ selected, missing: [] });
    },
    setValue: (prompt, argument, value) => {
      const { values, missing } = get();
      set({
        values: { ...values, [prompt]: { ...values[prompt], [argument]: value } },
        missing: value.trim() === '' ? missing : missing.filter((m) => m !== argument),
      });
    },
    setMissing: (missing) => set({ missing }),
    startGet: (name) => {
      const next: PromptGet = { name, seq: ++seq, loading: true };
      set({ get: next, missing: [] });
      return next.seq;
    },
    finishGet: (getSeq, outcome, at) => {
      const current = get().get;
      if (current?.seq === getSeq) set({ get: { ...current, loading: false, outcome, finishedAt: at } });
    },
  }));
}
