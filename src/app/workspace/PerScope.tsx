// A part of the page kept once per open connection: each copy reads its own
// scope and keeps its own React state (what was typed, what is expanded), so
// switching connections shows each server as it was left and never carries one
// server's state to another. Only the scope in view is shown; while a captured
// connection is in view, none is, and `captured` (if given) stands in.

import type { ReactNode } from 'react';
import { ShownWhen } from '../components/Tabs.js';
import { useWorkspace } from '../hooks.js';
import { ScopeProvider } from './scope-context.js';
import './workspace.css';

export function PerScope({ children, captured }: { children: ReactNode; captured?: ReactNode }) {
  const scopes = useWorkspace((s) => s.scopes);
  const activeId = useWorkspace((s) => s.activeId);
  const capturedShown = useWorkspace((s) => s.captured.some((c) => c.id === s.activeId));
  return (
    <>
      {capturedShown && captured}
      {scopes.map((scope) => (
        <ScopeProvider key={scope.id} scope={scope}>
          <div className="scope-view" hidden={scope.id !== activeId}>
            <ShownWhen shown={scope.id === activeId}>{children}</ShownWhen>
          </div>
        </ScopeProvider>
      ))}
    </>
  );
}
