// One side of the Compare tab, inside its connection's ScopeProvider: the server it is, what it lists, and
// the state of its four lists handed up to the comparison.

import { useEffect, useMemo } from 'react';
import { plural, type ListKey } from '../../../protocol/index.js';
import { useConnection } from '../../hooks.js';
import { useServerList } from '../../server-data/queries.js';
import { listView } from '../../server-data/list-view.js';
import { serverLabel } from '../../stores/connection-labels.js';
import { sideSentence, sideState, type SideList, type SideState } from './compare-side.js';

/** One list of the connection in this scope, the same object until its query changes. */
function useSideList(key: ListKey): SideList {
  const { unavailable, query } = useServerList<unknown>(key);
  const { status, data, error } = query;
  return useMemo(() => {
    const { items, failure } = listView({ status, data, error });
    return { ...(unavailable !== undefined ? { unavailable } : {}), status, items, ...(failure ? { failure } : {}) };
  }, [unavailable, status, data, error]);
}

export function SideColumn({ label, onState }: { label: string; onState: (state: SideState) => void }) {
  const snapshot = useConnection((s) => s.snapshot);
  const connected = snapshot?.status === 'ready';
  const tools = useSideList('tools');
  const resources = useSideList('resources');
  const resourceTemplates = useSideList('resourceTemplates');
  const prompts = useSideList('prompts');
  const state = useMemo(
    () => sideState(connected, { tools, resources, resourceTemplates, prompts }),
    [connected, tools, resources, resourceTemplates, prompts],
  );
  useEffect(() => onState(state), [state, onState]);
  return (
    <section className="compare-side" aria-label={label}>
      <h4>{label}</h4>
      <p className="compare-server">{snapshot ? serverLabel(snapshot) : 'New connection'}</p>
      {state.status === 'ready' ? (
        <p className="hint">
          {[
            plural(state.lists.tools.length, 'tool'),
            plural(state.lists.resources.length, 'resource'),
            plural(state.lists.resourceTemplates.length, 'template'),
            plural(state.lists.prompts.length, 'prompt'),
          ].join(' · ')}
        </p>
      ) : (
        <p className={state.status === 'failed' ? 'compare-problem' : 'hint'} role={state.status === 'failed' ? 'alert' : undefined}>
          {sideSentence(state)}
        </p>
      )}
    </section>
  );
}
