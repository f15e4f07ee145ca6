// Compare: the interfaces of two open connections side by side — A (old) and B (new), chosen from the
// workspace — and the changes between them, breaking or compatible, as `mcpscope diff` prints them.

import { useCallback, useMemo, useState } from 'react';
import { countChanges, diffInterfaces, diffVerdict } from '../../../protocol/index.js';
import { useConnection, useWorkspace, type ConnectionScope } from '../../hooks.js';
import { serverLabel } from '../../stores/connection-labels.js';
import { ScopeProvider } from '../../workspace/scope-context.js';
import { ChangeList } from './ChangeList.js';
import type { SideState } from './compare-side.js';
import { SideColumn } from './SideColumn.js';
import './compare.css';

function ScopeOption({ scope, number }: { scope: ConnectionScope; number: number }) {
  const snapshot = useConnection((s) => s.snapshot);
  return <option value={scope.id}>{`${number}. ${snapshot ? serverLabel(snapshot) : 'New connection'}`}</option>;
}

function ScopeChoice({ label, scopes, value, onChange }: { label: string; scopes: readonly ConnectionScope[]; value: number; onChange: (id: number) => void }) {
  return (
    <label className="compare-choice">
      {label}
      <select value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {scopes.map((scope, i) => (
          <ScopeProvider key={scope.id} scope={scope}>
            <ScopeOption scope={scope} number={i + 1} />
          </ScopeProvider>
        ))}
      </select>
    </label>
  );
}

const SIDES = ['A (old)', 'B (new)'] as const;

export function CompareTab() {
  const scopes = useWorkspace((s) => s.scopes);
  const [chosen, setChosen] = useState<[number | undefined, number | undefined]>([undefined, undefined]);
  // A closed connection's choice falls back to the first (A) and the next one (B).
  const a = scopes.find((s) => s.id === chosen[0]) ?? scopes[0]!;
  const b = scopes.find((s) => s.id === chosen[1]) ?? scopes.find((s) => s !== a) ?? a;
  const [states, setStates] = useState<Record<number, SideState>>({});
  const onA = useCallback((state: SideState) => setStates((s) => ({ ...s, 0: state })), []);
  const onB = useCallback((state: SideState) => setStates((s) => ({ ...s, 1: state })), []);
  const [stateA, stateB] = [states[0], states[1]];
  const changes = useMemo(
    () => (stateA?.status === 'ready' && stateB?.status === 'ready' ? diffInterfaces(stateA.lists, stateB.lists) : undefined),
    [stateA, stateB],
  );

  if (scopes.length < 2) {
    return (
      <div className="compare-tab">
        <p className="hint">
          Compare shows what changed between two servers. Open a second connection with “+ New connection”, connect it, then come back here.
        </p>
      </div>
    );
  }
  const counts = changes ? countChanges(changes) : undefined;
  return (
    <div className="compare-tab">
      <div className="toolbar compare-toolbar">
        <ScopeChoice label={SIDES[0]} scopes={scopes} value={a.id} onChange={(id) => setChosen([id, b.id])} />
        <button type="button" onClick={() => setChosen([b.id, a.id])} aria-label="Swap A and B" title="Swap A and B">
          ⇄
        </button>
        <ScopeChoice label={SIDES[1]} scopes={scopes} value={b.id} onChange={(id) => setChosen([a.id, id])} />
      </div>
      <div className="compare-sides">
        <ScopeProvider key={`a-${a.id}`} scope={a}>
          <SideColumn label={SIDES[0]} onState={onA} />
        </ScopeProvider>
        <ScopeProvider key={`b-${b.id}`} scope={b}>
          <SideColumn label={SIDES[1]} onState={onB} />
        </ScopeProvider>
      </div>
      {a === b && <p className="hint">A and B are the same connection: choose another for one of them.</p>}
      {counts && changes && (
        <section className="compare-result" aria-label="Changes">
          <p role="status" className={`compare-verdict${counts.breaking ? ' breaking' : ''}`}>
            {diffVerdict(counts)}
          </p>
          <ChangeList changes={changes} />
        </section>
      )}
    </div>
  );
}
