// One log entry as a row of the virtualized table: flat, fixed height and memoized.

import { memo } from 'react';
import type { LogEntry } from '../../stores/log-store.js';
import { formatBytes, formatDuration } from '../../../protocol/index.js';
import { channelLabel, conversationLabel, directionLabel, formatId, formatOffset, rowText } from './format.js';
import { LintMark } from '../../lint/LintMark.js';
import { ByteMarks, hasByteMarks } from './ByteMarks.js';

export const ROW_HEIGHT = 24;

interface Props {
  entry: LogEntry;
  /** aria-rowindex: the header is row 1. */
  rowIndex: number;
  top: number;
  selected: boolean;
  tabbable: boolean;
  onSelect: (seq: number) => void;
  /** The connection column, when the log holds more than one: its short label and the full one. */
  connectionLabel?: string;
  connectionTitle?: string;
}

export const LogRow = memo(function LogRow({ entry, rowIndex, top, selected, tabbable, onSelect, connectionLabel, connectionTitle }: Props) {
  const dir = directionLabel(entry);
  return (
    <div
      role="row"
      aria-rowindex={rowIndex}
      aria-current={selected ? 'true' : undefined}
      data-seq={entry.seq}
      tabIndex={tabbable ? 0 : -1}
      className={`log-row dir-${entry.direction} kind-${entry.kind}${selected ? ' selected' : ''}`}
      style={{ transform: `translateY(${top}px)` }}
      onClick={() => onSelect(entry.seq)}
    >
      <div role="cell" className="num muted">
        {entry.seq}
      </div>
      {connectionLabel !== undefined && (
        <div role="cell" className="connection" title={connectionTitle}>
          {connectionLabel}
        </div>
      )}
      <div role="cell" className="lint-cell">
        <LintMark seq={entry.seq} />
      </div>
      <div role="cell" className="num">
        {formatOffset(entry.t)}
      </div>
      <div role="cell" className="dir" title={dir.words}>
        <span aria-hidden="true">{dir.symbol}</span>
        <span className="sr-only">{dir.words}</span>
      </div>
      <div role="cell" className="kind">
        {entry.kind}
      </div>
      <div role="cell" className="mono method" title={entry.probe ? `${entry.method ?? ''} (Auto's probe)` : entry.method}>
        {entry.probe && <span className="probe-badge">probe</span>}
        {entry.method ?? ''}
      </div>
      <div role="cell" className="mono id">
        {formatId(entry.id)}
      </div>
      <div role="cell" className="num" title={`${entry.size} bytes`}>
        {formatBytes(entry.size)}
      </div>
      <div role="cell" className="num">
        {entry.rtt === undefined ? '' : formatDuration(entry.rtt)}
      </div>
      <div role="cell" className="mono raw">
        {hasByteMarks(entry) && <ByteMarks entry={entry} />}
        {entry.channel && (
          <span className="round-tag app-tag" title={`A message of the bridge between the page and the app of ${entry.channel.tool}, not of the MCP wire`}>
            {channelLabel(entry.channel)}
          </span>
        )}
        {entry.conversation && (
          <span className="round-tag" title="A multi-round request: this round and the others are one conversation (filter it from the detail pane)">
            {conversationLabel(entry.conversation)}
          </span>
        )}
        {rowText(entry)}
      </div>
    </div>
  );
});

interface Column {
  name: string;
  title: string;
  numeric?: boolean;
}

const COLUMNS: Column[] = [
  { name: '#', title: 'Position in the log', numeric: true },
  { name: 'Lint', title: 'Departures from the MCP specification found on this frame' },
  { name: 'Time', title: 'Milliseconds since the connection started', numeric: true },
  { name: 'Dir', title: 'Direction' },
  { name: 'Kind', title: 'Kind of frame' },
  { name: 'Method', title: 'Method (for answers: of the request they answer)' },
  { name: 'ID', title: 'JSON-RPC id' },
  { name: 'Size', title: 'Bytes of the raw text (UTF-8)', numeric: true },
  { name: 'RTT', title: 'Round-trip time from the request this answers', numeric: true },
  { name: 'Raw', title: 'The exact text' },
];

const CONNECTION_COLUMN: Column = { name: 'Connection', title: 'Which connection of this page the frame belongs to' };

export function LogHeaderRow({ withConnection }: { withConnection: boolean }) {
  const columns = withConnection ? [COLUMNS[0]!, CONNECTION_COLUMN, ...COLUMNS.slice(1)] : COLUMNS;
  return (
    <div role="row" aria-rowindex={1} className="log-row head">
      {columns.map((c) => (
        <div key={c.name} role="columnheader" title={c.title} className={c.numeric ? 'num' : undefined}>
          {c.name}
        </div>
      ))}
    </div>
  );
}
