// The open connection scopes, in the order they were opened, the captured
// connections (wrapped sessions, read-only) shown beside them, and the one in
// view. There is always one scope: closing the last opens an empty one.

import { createStore, type StoreApi } from 'zustand/vanilla';
import type { CapturedScope } from './captured-scope.js';
import type { ConnectionScope } from './connection-scope.js';

export interface WorkspaceState {
  scopes: readonly ConnectionScope[];
  /** The captured connections shown in this page, in the order they appeared. */
  captured: readonly CapturedScope[];
  /** The scope in view (the Connect form, the status and the tabs act on it), or a captured connection's id. */
  activeId: number;
  /** Opens an empty scope and brings it into view. */
  open(): ConnectionScope;
  /** Ends that scope's server and disposes of it; the one beside it comes into view if it was shown. */
  close(id: number): void;
  activate(id: number): void;
  /** Shows a captured connection (made with the id it is given), without bringing it into view. */
  addCaptured(make: (id: number) => CapturedScope): CapturedScope;
}

export type WorkspaceStore = StoreApi<WorkspaceState>;

/** `create(id, first)` is the one factory of scopes; `first` is the scope the page starts with. */
export function createWorkspaceStore(create: (id: number, first: boolean) => ConnectionScope): WorkspaceStore {
  let lastId = 0;
  const first = create(++lastId, true);
  return createStore<WorkspaceState>()((set, get) => ({
    scopes: [first],
    captured: [],
    activeId: first.id,
    open: () => {
      const scope = create(++lastId, false);
      set((s) => ({ scopes: [...s.scopes, scope], activeId: scope.id }));
      return scope;
    },
    close: (id) => {
      const { scopes, activeId, captured } = get();
      const shown = captured.findIndex((c) => c.id === id);
      if (shown >= 0) {
        // Closing a captured connection hides it here; the one beside it (else the last scope) comes into view.
        const rest = captured.filter((c) => c.id !== id);
        const nextActive = activeId === id ? (rest[Math.min(shown, rest.length - 1)] ?? scopes[scopes.length - 1]!).id : activeId;
        set({ captured: rest, activeId: nextActive });
        captured[shown]!.dispose();
        return;
      }
      const index = scopes.findIndex((s) => s.id === id);
      const closing = scopes[index];
      if (!closing) return;
      const rest = scopes.filter((s) => s.id !== id);
      if (rest.length === 0) rest.push(create(++lastId, false));
      const nextActive = activeId === id ? rest[Math.min(index, rest.length - 1)]!.id : activeId;
      set({ scopes: rest, activeId: nextActive });
      closing.dispose();
    },
    activate: (id) => {
      const { scopes, captured } = get();
      if (scopes.some((s) => s.id === id) || captured.some((c) => c.id === id)) set({ activeId: id });
    },
    addCaptured: (make) => {
      const scope = make(++lastId);
      set((s) => ({ captured: [...s.captured, scope] }));
      return scope;
    },
  }));
}

/** The captured connection in view, if one is. */
export function capturedInView(state: Pick<WorkspaceState, 'captured' | 'activeId'>): CapturedScope | undefined {
  return state.captured.find((c) => c.id === state.activeId);
}

/** The scope in view (the first one while a captured connection is). */
export function activeScope(workspace: WorkspaceStore): ConnectionScope {
  const { scopes, activeId } = workspace.getState();
  return scopes.find((s) => s.id === activeId) ?? scopes[0]!;
}

/** The scope whose current connection has this number, if it is still open. */
export function scopeOfConnection(workspace: WorkspaceStore, connection: number): ConnectionScope | undefined {
  return workspace.getState().scopes.find((s) => s.controller.connection?.snapshot.connection === connection);
}
