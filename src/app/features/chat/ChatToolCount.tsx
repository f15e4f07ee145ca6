// A warning above the conversation when the ticked connections together offer the model more tools than its
// provider takes in one request. Mounted by the Chat tab with the model chosen and the connections ticked.
import { useQueries } from '@tanstack/react-query';
import type { Tool } from '../../../protocol/index.js';
import { serverListQuery } from '../../server-data/list-query.js';
import type { ConnectionScope } from '../../workspace/connection-scope.js';
import { scopeLabel } from './chat-connections.js';
import { toolCountNotice } from './tool-count-notice.js';

export function ChatToolCount({ model, scopes }: { model: string; scopes: readonly ConnectionScope[] }) {
  const lists = useQueries({
    queries: scopes.map((scope) => ({
      ...serverListQuery<Tool>(scope.readDeps, 'tools', scope.connectionStore.getState().snapshot?.connection ?? 0),
      enabled: scope.connectionStore.getState().snapshot !== null,
    })),
  });
  const notice = toolCountNotice(
    model,
    scopes.map((scope, i) => ({ label: scopeLabel(scope), tools: lists[i]?.data?.items.length ?? 0 })),
  );
  if (notice === undefined) return null;
  return (
    <p className="warning" role="status" aria-label="Tool count">
      ⚠ {notice}
    </p>
  );
}
