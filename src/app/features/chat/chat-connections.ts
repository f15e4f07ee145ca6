// The open connections as the chat uses them: each chosen one that is ready, with its tools/list (from the query
// cache, listed at connection) and tools/call through its own Tools store; a server prompt got as the first messages.
import type { QueryClient } from '@tanstack/react-query';
import { isRecord, type ModelContent, type ModelMessage, type Tool } from '../../../protocol/index.js';
import { listUnavailable, serverListQuery } from '../../server-data/list-query.js';
import { serverLabel } from '../../stores/connection-labels.js';
import type { ConnectionScope } from '../../workspace/connection-scope.js';
import type { ChatConnection } from './chat-store.js';

/** The scopes whose tools/list can be read now. */
export const readyScopes = (scopes: readonly ConnectionScope[]): ConnectionScope[] =>
  scopes.filter((s) => listUnavailable(s.connectionStore.getState().snapshot, 'tools') === undefined);

export const scopeLabel = (scope: ConnectionScope): string => {
  const snapshot = scope.connectionStore.getState().snapshot;
  return snapshot ? serverLabel(snapshot) : `Connection ${scope.id}`;
};

export async function chatConnections(scopes: readonly ConnectionScope[], queryClient: QueryClient): Promise<ChatConnection[]> {
  const out: ChatConnection[] = [];
  for (const scope of readyScopes(scopes)) {
    const connection = scope.connectionStore.getState().snapshot!.connection;
    const listed = await queryClient.fetchQuery(serverListQuery<Tool>(scope.readDeps, 'tools', connection)).catch(() => undefined);
    out.push({
      key: scope.id,
      connection,
      label: scopeLabel(scope),
      tools: listed?.items ?? [],
      call: (tool, args, signal) => scope.toolsStore.getState().callFromChat(tool, args, signal),
    });
  }
  return out;
}

/** prompts/get on the scope's connection, its messages as the model's first ones; or why not, in a sentence. */
export async function promptMessages(scope: ConnectionScope, name: string, args: Record<string, string>): Promise<ModelMessage[] | string> {
  const snapshot = scope.connectionStore.getState().snapshot;
  const session = snapshot ? scope.readDeps.session(snapshot.connection) : undefined;
  if (!session) return 'Not connected: connect to the server first.';
  const outcome = await session.request('prompts/get', { name, ...(Object.keys(args).length > 0 ? { arguments: args } : {}) });
  if (outcome.status === 'error') return `The server refused prompts/get: ${outcome.error.message}`;
  if (outcome.status !== 'result') return `prompts/get did not come back: ${outcome.message}`;
  const messages = isRecord(outcome.result) && Array.isArray(outcome.result.messages) ? outcome.result.messages : [];
  const usable = messages.filter(
    (m): m is { role: 'user' | 'assistant'; content: ModelContent } => isRecord(m) && (m.role === 'user' || m.role === 'assistant') && isRecord(m.content),
  );
  if (usable.length === 0) return `The prompt "${name}" has no messages to start a conversation with.`;
  return usable.map((m) => ({ role: m.role, content: [m.content] }));
}
