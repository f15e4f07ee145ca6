// Under a chat tool call whose tool has an app (`_meta.ui.resourceUri`): the app, as the Tools tab shows it under a
// result, opened on the connection the call was made on, inside that connection's scope (its apps, tools and Log).
// A connection that did not declare MCP Apps gets a sentence instead; so does one that was closed since.
import { readToolUi, type Tool, type ToolUi } from '../../../protocol/index.js';
import { useConnection, useWorkspace } from '../../hooks.js';
import { useServerList } from '../../server-data/queries.js';
import { ScopeProvider } from '../../workspace/scope-context.js';
import { APPS_SWITCHED_OFF, callForApp } from '../apps/app-tools.js';
import { ToolApp } from '../apps/ToolApp.js';
import type { ToolCallRecord } from '../tools/tools-store.js';
import type { ChatEntry } from './chat-store.js';
import '../apps/apps.css';

type ToolEntry = Extract<ChatEntry, { kind: 'tool' }>;

function ScopedApp({ record, ui, connection }: { record: ToolCallRecord; ui: ToolUi; connection: number }) {
  // What the connection declared, not the switches: those apply to the next Connect.
  const appsDeclared = useConnection((s) => s.session?.features.apps ?? true);
  const list = useServerList<Tool>('tools');
  if (!appsDeclared)
    return (
      <p className="hint chat-app-note" role="note">
        The tool {record.tool.name} has an app ({ui.resourceUri}), not shown: {APPS_SWITCHED_OFF}
      </p>
    );
  return <ToolApp key={record.seq} tool={record.tool} ui={ui} connection={connection} tools={list.items} {...callForApp(record)} />;
}

export function ChatToolApp({ entry }: { entry: ToolEntry }) {
  const scope = useWorkspace((s) => s.scopes.find((x) => x.id === entry.key));
  const record = entry.record;
  const ui = record ? readToolUi(record.tool).value : undefined;
  if (!record || !ui || record.outcome.status !== 'result' || entry.connection === undefined) return null;
  if (!scope)
    return (
      <p className="hint chat-app-note" role="note">
        The app of {record.tool.name} is not shown: the connection it was called on has been closed.
      </p>
    );
  return (
    <div className="chat-app">
      <ScopeProvider scope={scope}>
        <ScopedApp record={record} ui={ui} connection={entry.connection} />
      </ScopeProvider>
    </div>
  );
}
