// The Apps tab: every tool of the server with a UI (MCP Apps), each opened
// with hand-written input through the tool's own form; the call's app is shown
// with its result, under the host context the person sets.

import { useState } from 'react';
import type { Tool } from '../../../protocol/index.js';
import { useConnection, useTools } from '../../hooks.js';
import { useServerList } from '../../server-data/queries.js';
import { InFlightCall } from '../tools/InFlightCall.js';
import { ToolWorkbench } from '../tools/ToolWorkbench.js';
import { outcomeWords } from '../tools/format.js';
import { APPS_SWITCHED_OFF, appToolsOf, callForApp, type AppTool } from './app-tools.js';
import { HostContextControls } from './HostContextControls.js';
import { ToolApp } from './ToolApp.js';
import '../tools/tools.css';
import './apps.css';

function AppToolList({ apps, selected, onSelect }: { apps: readonly AppTool[]; selected?: string; onSelect: (name: string) => void }) {
  return (
    <ul className="app-tool-list" aria-label="Tools with an app">
      {apps.map(({ tool, ui, problems }) => (
        <li key={tool.name}>
          <button type="button" aria-pressed={tool.name === selected} onClick={() => onSelect(tool.name)}>
            <code>{tool.name}</code>
            <span className="hint">{ui ? ui.resourceUri : 'no usable app'}</span>
          </button>
          {problems.length > 0 && (
            <ul className="app-problems">
              {problems.map((p, i) => (
                <li key={i} className={p.severity === 'error' ? 'tone-bad' : 'tone-warn'}>
                  {p.message}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

function OpenedApp({ app, tools, connection }: { app: AppTool & { ui: NonNullable<AppTool['ui']> }; tools: readonly Tool[]; connection: number }) {
  const record = useTools((s) => s.history.find((r) => r.tool.name === app.tool.name && !r.fromApp));
  return (
    <>
      <HostContextControls />
      <InFlightCall />
      {!record && <p className="hint">Call the tool with the form above: its app opens here with the call's input and result.</p>}
      {record && record.outcome.status !== 'result' && (
        <p className="tone-bad">
          The last call of {app.tool.name} did not return a result ({outcomeWords(record).text}), so its app is not opened; the Log has the exchange.
        </p>
      )}
      {record && record.outcome.status === 'result' && (
        <ToolApp key={record.seq} tool={app.tool} ui={app.ui} connection={connection} tools={tools} {...callForApp(record)} />
      )}
    </>
  );
}

export function AppsTab() {
  const list = useServerList<Tool>('tools');
  const connection = useConnection((s) => s.snapshot?.connection ?? 0);
  // What this connection declared, not the panel's switches: those apply to the next Connect.
  const appsDeclared = useConnection((s) => s.session?.features.apps ?? true);
  const [selected, setSelected] = useState<string>();
  const apps = appToolsOf(list.items);
  const chosen = apps.find((a) => a.tool.name === selected);
  let empty: string | undefined;
  if (!appsDeclared)
    empty =
      `No apps to show: ${APPS_SWITCHED_OFF}` +
      (apps.length > 0
        ? ` (The server lists ${apps.length} ${apps.length === 1 ? 'tool' : 'tools'} with an app all the same; they open once the extension is on.)`
        : '');
  else if (list.unavailable !== undefined) empty = `No apps to show: ${list.unavailable}`;
  else if (list.query.isError && list.items.length === 0) empty = 'No apps to show: the server did not list its tools (the Tools tab and the Log say why).';
  else if (list.query.isSuccess && list.items.length === 0) empty = 'No apps to show: the server lists no tools.';
  else if (list.query.isSuccess && apps.length === 0)
    empty = `None of the server's ${list.items.length} tools has an app: a tool with one names a ui:// resource in _meta.ui.resourceUri.`;
  return (
    <div className="apps-tab">
      {empty !== undefined ? (
        <p className="hint apps-empty">{empty}</p>
      ) : (
        <>
          <AppToolList apps={apps} {...(selected !== undefined ? { selected } : {})} onSelect={setSelected} />
          <div className="app-detail">
            {!chosen && apps.length > 0 && <p className="hint">Select a tool to open its app.</p>}
            {chosen && !chosen.ui && <p className="tone-bad">{chosen.tool.name} has no app that can be opened: its _meta.ui is not usable (see the list).</p>}
            {chosen?.ui && (
              <>
                <ToolWorkbench key={`${connection}:${chosen.tool.name}`} tool={chosen.tool} />
                <OpenedApp app={{ ...chosen, ui: chosen.ui }} tools={list.items} connection={connection} />
              </>
            )}
          </div>
        </>
      )}
    </div>
  );
}
