// Which scope a part of the page belongs to: a panel kept for one scope reads
// that scope; anything outside such a panel reads the scope in view.

import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { useApp } from '../app-context.js';
import type { ConnectionScope } from './connection-scope.js';

const ScopeContext = createContext<ConnectionScope | null>(null);

export function ScopeProvider({ scope, children }: { scope: ConnectionScope; children: ReactNode }) {
  return <ScopeContext.Provider value={scope}>{children}</ScopeContext.Provider>;
}

/** The scope of the panel this is rendered in, else the scope in view (re-rendering when another comes into view). */
export function useConnectionScope(): ConnectionScope {
  const own = useContext(ScopeContext);
  const active = useStore(useApp().workspace, (s) => s.scopes.find((scope) => scope.id === s.activeId) ?? s.scopes[0]!);
  return own ?? active;
}
