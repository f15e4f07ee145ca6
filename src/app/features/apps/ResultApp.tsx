// Under a Tools tab result: the app of a tool with a UI, shown with the call's
// input and result (the person may turn it off for this connection's tools).

import { useId } from 'react';
import { readToolUi, type Tool } from '../../../protocol/index.js';
import { useConnection } from '../../hooks.js';
import { useServerList } from '../../server-data/queries.js';
import type { ToolCallRecord } from '../tools/tools-store.js';
import { callForApp } from './app-tools.js';
import { ToolApp } from './ToolApp.js';
import { useApps } from './use-apps.js';
import './apps.css';

export function ResultApp({ record }: { record: ToolCallRecord }) {
  const list = useServerList<Tool>('tools');
  const connection = useConnection((s) => s.snapshot?.connection ?? 0);
  const shown = useApps((s) => s.appInToolsTab);
  const setShown = useApps((s) => s.setAppInToolsTab);
  const id = useId();
  const ui = readToolUi(record.tool).value;
  if (!ui || record.outcome.status !== 'result') return null;
  return (
    <div className="result-app">
      <label htmlFor={id}>
        <input id={id} type="checkbox" checked={shown} onChange={(e) => setShown(e.target.checked)} /> Show the tool's app with the result
      </label>
      {shown && <ToolApp key={record.seq} tool={record.tool} ui={ui} connection={connection} tools={list.items} {...callForApp(record)} />}
    </div>
  );
}
