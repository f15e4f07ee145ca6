// The strip of open connections: one tab-like button per scope (its server and
// a state dot; the one in view pressed), a close button that ends only that
// server, then the captured connections (wrapped sessions, read-only), and
// "+ New connection", which opens an empty scope.

import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { plural } from '../../protocol/index.js';
import { useConnection, useConnectionScope, useWorkspace } from '../hooks.js';
import { serverLabel } from '../stores/connection-labels.js';
import { CapturedTab } from './CapturedTab.js';
import { ScopeProvider } from './scope-context.js';
import { SCOPE_STATE_WORD, scopeState } from './scope-state.js';
import './connections-bar.css';

function ScopeTab({ active, alone }: { active: boolean; alone: boolean }) {
  const { id, heartbeat, elicitations, sampling } = useConnectionScope();
  const snapshot = useConnection((s) => s.snapshot);
  const beat = useStore(heartbeat.store, (s) => s.state);
  // A server out of view may ask something of the person: its tab says so.
  const questions = useStore(elicitations.store, (s) => s.queue.length) + useStore(sampling.store, (s) => s.queue.length);
  const { activate, close } = useWorkspace((s) => s);
  const name = snapshot ? serverLabel(snapshot) : 'New connection';
  const state = scopeState(snapshot, beat);
  // The tab that comes into view is scrolled into the strip's view too (a narrow header scrolls its tabs),
  // again when its name grows from "New connection" to the server's.
  const tab = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (active) tab.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [active, name]);
  // A lone scope can be closed once it has connected (closing it leaves an empty one).
  const closable = !alone || snapshot !== null;
  return (
    <li ref={tab} className={`scope-tab${active ? ' active' : ''}`}>
      <button type="button" className="scope-select" aria-pressed={active} title={name} onClick={() => activate(id)}>
        <span className="scope-dot" data-state={state} aria-hidden="true" />
        <span className="scope-name">{name}</span>
        <span className="sr-only">, {SCOPE_STATE_WORD[state]}</span>
        {questions > 0 && (
          <>
            <span className="sr-only">, </span>
            <span className="scope-waiting">{`${plural(questions, 'question')} waiting`}</span>
          </>
        )}
      </button>
      {closable && (
        <button
          type="button"
          className="scope-close"
          aria-label={`Close ${name}`}
          title={snapshot ? 'Close: ends this server only' : 'Close'}
          onClick={() => close(id)}
        >
          ×
        </button>
      )}
    </li>
  );
}

export function ConnectionsBar() {
  const scopes = useWorkspace((s) => s.scopes);
  const captured = useWorkspace((s) => s.captured);
  const activeId = useWorkspace((s) => s.activeId);
  const open = useWorkspace((s) => s.open);
  return (
    <nav className="connections-bar" aria-label="Open connections">
      <ul>
        {scopes.map((scope) => (
          <ScopeProvider key={scope.id} scope={scope}>
            <ScopeTab active={scope.id === activeId} alone={scopes.length === 1} />
          </ScopeProvider>
        ))}
        {captured.map((scope) => (
          <CapturedTab key={scope.id} scope={scope} active={scope.id === activeId} />
        ))}
      </ul>
      <button type="button" className="scope-new" onClick={() => open()}>
        + New connection
      </button>
    </nav>
  );
}
