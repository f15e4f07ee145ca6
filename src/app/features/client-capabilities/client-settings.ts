// The client's side of the connection settings: which client features are
// switched on (read at each Connect, so a change applies to the next
// connection) and the roots this client offers (read at each roots/list, so a
// change applies at once and is announced to a connected server).

import { createStore, type StoreApi } from 'zustand/vanilla';
import { DEFAULT_CLIENT_FEATURES, rootUriProblem, type ClientFeature, type ClientFeatures, type Root } from '../../../protocol/index.js';

export interface ClientSettingsState {
  features: ClientFeatures;
  /** Each a valid file:// root, in the order added; URIs are unique. */
  roots: readonly Root[];
  setFeature(feature: ClientFeature, on: boolean): void;
  /** Adds a root; returns the sentence saying why not when `uri` cannot be one. */
  addRoot(uri: string, name: string): string | undefined;
  removeRoot(uri: string): void;
}

export type ClientSettings = StoreApi<ClientSettingsState>;

export function createClientSettings(initial: Partial<Pick<ClientSettingsState, 'features' | 'roots'>> = {}): ClientSettings {
  return createStore<ClientSettingsState>()((set, get) => ({
    features: { ...DEFAULT_CLIENT_FEATURES },
    roots: [],
    ...initial,
    setFeature: (feature, on) => set((s) => ({ features: { ...s.features, [feature]: on } })),
    addRoot: (uri, name) => {
      const problem = rootUriProblem(uri);
      if (problem !== undefined) return problem;
      const root: Root = { uri: uri.trim() };
      if (name.trim() !== '') root.name = name.trim();
      if (get().roots.some((r) => r.uri === root.uri)) return `${root.uri} is already a root.`;
      set((s) => ({ roots: [...s.roots, root] }));
      return undefined;
    },
    removeRoot: (uri) => set((s) => ({ roots: s.roots.filter((r) => r.uri !== uri) })),
  }));
}

/** Whether two sets of switches differ (the connection's against the panel's). */
export function featuresDiffer(a: Readonly<ClientFeatures>, b: Readonly<ClientFeatures>): boolean {
  return (Object.keys(a) as ClientFeature[]).some((f) => a[f] !== b[f]);
}
