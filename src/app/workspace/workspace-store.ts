// The open connection scopes, in the order they were opened, and the one in
// view. There is always one: closing the last opens an empty one.

import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ConnectionScope } from './connection-scope.js';

export interface WorkspaceState {
  scopes: readonly ConnectionScope[];
  /** The scope in view: the Connect form, the status and the tabs act on it. */
  activeId: number;
  /** Opens an empty scope and brings it into view. */
  open(): ConnectionScope;
  /** Ends that scope's server and disposes of it; the one beside it comes into view if it was shown. */
  close(id: number): void;
  activate(id: number): void;
}

export type WorkspaceStore = StoreApi<WorkspaceState>;

/** `create(id, first)` is the one factory of scopes; `first` is the scope the page starts with. */
export function createWorkspaceStore(create: (id: number, first: boolean) => ConnectionScope): WorkspaceStore {
  let lastId = 0;
  const first = create(++lastId, true);
  return createStore<WorkspaceState>()((set, get) => ({
    scopes: [first],
    activeId: first.id,
    open: () => {
      const scope = create(++lastId, false);
      set((s) => ({ scopes: [...s.scopes, scope], activeId: scope.id }));
      return scope;
    },
    close: (id) => {
      const { scopes, activeId } = get();
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
      if (get().scopes.some((s) => s.id === id)) set({ activeId: id });
    },
  }));
}

/** The scope in view. */
export function activeScope(workspace: WorkspaceStore): ConnectionScope {
  const { scopes, activeId } = workspace.getState();
  return scopes.find((s) => s.id === activeId) ?? scopes[0]!;
}

/** The scope whose current connection has this number, if it is still open. */
export function scopeOfConnection(workspace: WorkspaceStore, connection: number): ConnectionScope | undefined {
  return workspace.getState().scopes.find((s) => s.controller.connection?.snapshot.connection === connection);
}
