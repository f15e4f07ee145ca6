// The OAuth flows of the current connection, as the proxy reports them: a
// whole AuthFlowView snapshot on every change. The latest flow is
// the one shown; flows that ended before it (a step-up starts a new one) stay
// listed under it. A new connection starts afresh.

import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AuthFlowView, AuthStepView, Finding } from '../../../protocol/index.js';

export interface AuthFlowState {
  /** The connection the flows belong to (0: none yet). */
  connection: number;
  /** The latest flow. */
  flow?: AuthFlowView;
  /** Earlier flows of this connection, oldest first. */
  earlier: readonly AuthFlowView[];
}

/** How a snapshot related to what was known: a flow not seen before, a newer snapshot, or one of an older connection. */
export type FlowArrival = 'new' | 'update' | 'stale';

export interface AuthFlowStore {
  store: StoreApi<AuthFlowState>;
  receive(flow: AuthFlowView, connection: number): FlowArrival;
  /** A new connection: the last one's flows are no longer shown. */
  forConnection(connection: number): void;
  /** The findings of `flow` not returned before (snapshots repeat every earlier step's findings). */
  unseenFindings(flow: AuthFlowView): Array<{ step: AuthStepView; finding: Finding }>;
}

export function createAuthFlowStore(): AuthFlowStore {
  const store = createStore<AuthFlowState>()(() => ({ connection: 0, earlier: [] }));
  let seen = new Set<string>();
  return {
    store,
    receive(flow, connection) {
      const s = store.getState();
      if (connection < s.connection) return 'stale';
      if (connection > s.connection) {
        seen = new Set();
        store.setState({ connection, flow, earlier: [] }, true);
        return 'new';
      }
      if (s.flow === undefined || s.flow.flowId === flow.flowId) {
        store.setState({ flow });
        return s.flow === undefined ? 'new' : 'update';
      }
      // A late snapshot of an earlier flow updates it in place; a new flow pushes the current one down.
      const at = s.earlier.findIndex((f) => f.flowId === flow.flowId);
      if (at >= 0) {
        store.setState({ earlier: s.earlier.map((f, i) => (i === at ? flow : f)) });
        return 'update';
      }
      store.setState({ flow, earlier: [...s.earlier, s.flow] });
      return 'new';
    },
    forConnection(connection) {
      if (connection <= store.getState().connection) return;
      seen = new Set();
      store.setState({ connection, earlier: [] }, true);
    },
    unseenFindings(flow) {
      const found: Array<{ step: AuthStepView; finding: Finding }> = [];
      for (const step of flow.steps) {
        for (const f of step.findings) {
          const key = `${flow.flowId}\u0000${step.id}\u0000${f.rule}\u0000${f.message}`;
          if (seen.has(key)) continue;
          seen.add(key);
          found.push({ step, finding: f });
        }
      }
      return found;
    },
  };
}
