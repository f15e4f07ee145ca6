// Tools: list every tool, call one through a form generated from its
// inputSchema, and inspect the result; a history of this page's calls.

import { useEffect, useRef } from 'react';
import { formatClock, formatDuration, type Tool } from '../../../protocol/index.js';
import { useConnection, useTools } from '../../hooks.js';
import { useServerList } from '../../server-data/queries.js';
import { callBlocked } from './availability.js';
import { CallHistory } from './CallHistory.js';
import { InFlightCall } from './InFlightCall.js';
import { ResultView, type Retry } from './ResultView.js';
import { ToolList } from './ToolList.js';
import { ConfirmCallDialog } from './ConfirmCallDialog.js';
import { ToolWorkbench } from './ToolWorkbench.js';
import { ResultApp } from '../apps/ResultApp.js';
import { shownRecord, type ToolCallRecord } from './tools-store.js';
import './tools.css';

function ShownResult({ retry }: { retry: Retry }) {
  const record = useTools(shownRecord);
  const ref = useRef<HTMLElement>(null);
  const seq = record?.seq;
  // A long form can push the result below the fold: bring each new result into view.
  useEffect(() => {
    if (seq !== undefined) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [seq]);
  if (!record) return null;
  return (
    <section ref={ref} className="call-result" aria-label="Call result">
      <h4>
        <code>{record.tool.name}</code>{' '}
        <span className="hint">
          at {formatClock(record.startedAt)} · {formatDuration(record.durationMs)}
        </span>
      </h4>
      <ResultView record={record} retry={retry} />
      {!record.fromApp && <ResultApp record={record} />}
    </section>
  );
}

export function ToolsTab() {
  const list = useServerList<Tool>('tools');
  const snapshot = useConnection((s) => s.snapshot);
  const session = useConnection((s) => s.session);
  const connection = snapshot?.connection ?? 0;
  const selected = useTools((s) => s.selected);
  const inFlight = useTools((s) => s.inFlight);
  const startCall = useTools((s) => s.startCall);

  const tools = list.items;
  const tool = tools.find((t) => t.name === selected);
  const rerunBlocked = callBlocked(snapshot, session, inFlight);
  const rerun = (record: ToolCallRecord) =>
    void startCall({
      tool: tools.find((t) => t.name === record.tool.name) ?? record.tool,
      arguments: record.arguments,
      ...(record.meta ? { meta: record.meta } : {}),
      sentAnyway: record.sentAnyway,
    });

  return (
    <div className="tools-tab">
      <ToolList list={list} />
      <div className="tool-detail">
        {tool ? (
          <ToolWorkbench key={`${connection}:${tool.name}`} tool={tool} />
        ) : (
          <p className="hint tool-placeholder">
            {selected !== undefined && list.pages !== undefined ? `The tool “${selected}” is no longer in the server's list. ` : ''}
            {tools.length > 0 ? 'Select a tool to call it.' : ''}
          </p>
        )}
        <InFlightCall />
        <ShownResult retry={{ run: rerun, ...(rerunBlocked !== undefined ? { blocked: rerunBlocked } : {}) }} />
        <CallHistory onRerun={rerun} {...(rerunBlocked !== undefined ? { rerunBlocked } : {})} />
      </div>
      <ConfirmCallDialog />
    </div>
  );
}
