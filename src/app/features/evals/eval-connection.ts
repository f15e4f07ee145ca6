// The Evals tab's ties to its connection: the tools/list it offers the models (from the query cache, listed at
// connection), and the confusions found, each a line of the Log with its finding, so Problems shows it under
// that connection and the Log marks it.
import type { QueryClient } from '@tanstack/react-query';
import type { Finding, Tool } from '../../../protocol/index.js';
import type { App } from '../../app.js';
import { listUnavailable, serverListQuery } from '../../server-data/list-query.js';
import type { ConnectionScope } from '../../workspace/connection-scope.js';
import type { ListedTools } from './eval-store.js';

export async function connectionTools(scope: ConnectionScope, queryClient: QueryClient): Promise<ListedTools> {
  const snapshot = scope.connectionStore.getState().snapshot;
  const unavailable = listUnavailable(snapshot, 'tools');
  if (unavailable !== undefined || !snapshot) return { ok: false, error: `The eval needs the server's tools. ${unavailable ?? ''}`.trim() };
  try {
    const listed = await queryClient.fetchQuery(serverListQuery<Tool>(scope.readDeps, 'tools', snapshot.connection));
    return { ok: true, connection: snapshot.connection, tools: listed.items };
  } catch (error) {
    return { ok: false, error: `tools/list failed, so the eval has no tools to offer: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** Each finding on a Log line of its own, in Problems; what is returned takes them out of Problems again (the lines stay). */
export function putInProblems(app: Pick<App, 'logStore' | 'lint'>, scope: ConnectionScope, connection: number, findings: readonly Finding[]): () => void {
  const live = scope.controller.connection;
  const t = live && live.snapshot.connection === connection ? live.elapsed() : 0;
  const seqs = new Set<number>();
  for (const finding of findings) {
    const entry = app.logStore.getState().append({ t, connection, direction: 'system', kind: 'system', raw: `Eval: ${finding.rule} ${finding.message}` });
    seqs.add(entry.seq);
    app.lint.add(connection, [{ ...finding, seq: entry.seq }]);
  }
  return () => app.lint.withdraw(connection, seqs);
}
