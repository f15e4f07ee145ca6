// A captured connection's tab in the strip of open connections: the mark
// "captured" (in words, not only a colour), the host and the server, and the
// session's state; its close button hides it in this page, the session goes on.

import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import type { CapturedState } from '../../protocol/index.js';
import { useWorkspace } from '../hooks.js';
import { capturedLabel, type CapturedScope } from './captured-scope.js';
import type { ScopeState } from './scope-state.js';

/** The dot of a scope in the same state, so the strip reads alike. */
const DOT: Readonly<Record<CapturedState, ScopeState>> = { live: 'ready', ended: 'closed', disconnected: 'failed' };

export function CapturedTab({ scope, active }: { scope: CapturedScope; active: boolean }) {
  const info = useStore(scope.store);
  const activate = useWorkspace((s) => s.activate);
  const close = useWorkspace((s) => s.close);
  const name = capturedLabel(info);
  const state = info.session.state;
  const tab = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (active) tab.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [active]);
  return (
    <li ref={tab} className={`scope-tab captured${active ? ' active' : ''}`}>
      <button
        type="button"
        className="scope-select"
        aria-pressed={active}
        title={`${name} · captured by mcpscope wrap, read-only · ${state}`}
        onClick={() => activate(scope.id)}
      >
        <span className="scope-dot" data-state={DOT[state]} aria-hidden="true" />
        <span className="captured-mark">captured</span>
        <span className="scope-name">{name}</span>
        {state === 'live' ? <span className="sr-only">, live</span> : <span className="captured-state">{`, ${state}`}</span>}
      </button>
      <button
        type="button"
        className="scope-close"
        aria-label={`Close captured ${name}`}
        title="Hide it in this page: the session goes on"
        onClick={() => close(scope.id)}
      >
        ×
      </button>
    </li>
  );
}
