// The selected frame in full: a JSON tree and the exact text, the note, why it
// is invalid, and a link to the frame it pairs with.

import { memo, useMemo, useRef } from 'react';
import { JsonTree } from '../../components/content/JsonTree.js';
import '../../components/content/content.css';
import type { LogEntry } from '../../stores/log-store.js';
import { LintFindings } from '../../lint/LintFindings.js';
import { useApp } from '../../app-context.js';
import { ByteMarks, ExactBytes, VisibleText, hasByteMarks } from './ByteMarks.js';
import { CopyButton } from './CopyButton.js';
import { formatBytes, formatClock, formatDuration } from '../../../protocol/index.js';
import { channelLabel, conversationLabel, directionLabel, formatId, formatOffset, pairLabel } from './format.js';

interface Props {
  entry: LogEntry | undefined;
  /** The selected entry is not among the rows the filters show. */
  hiddenByFilters: boolean;
  onJump: (seq: number) => void;
  onClearFilters: () => void;
  /** Show only the rounds of the multi-round request that began at this log position. */
  onShowConversation: (firstSeq: number) => void;
  /** Close the detail (Escape does the same); the focus goes back to the row. */
  onClose: () => void;
}

type Parsed = { ok: true; value: unknown; pretty: string } | { ok: false };

function parse(raw: string): Parsed {
  try {
    const value: unknown = JSON.parse(raw);
    return { ok: true, value, pretty: JSON.stringify(value, null, 2) };
  } catch {
    return { ok: false };
  }
}

export const LogDetail = memo(function LogDetail({ entry, hiddenByFilters, onJump, onClearFilters, onShowConversation, onClose }: Props) {
  const { navigationStore } = useApp();
  const rawRef = useRef<HTMLPreElement>(null);
  const treeRef = useRef<HTMLDivElement>(null);
  const parsed = useMemo<Parsed>(() => (entry ? parse(entry.raw) : { ok: false }), [entry]);

  if (!entry) {
    return (
      <section className="log-detail" aria-label="Frame detail">
        <p className="hint">Select a row to see the frame in full. Arrow keys move through the rows, Enter opens one, Escape closes it.</p>
      </section>
    );
  }
  const isJsonRpc = entry.direction === 'in' || entry.direction === 'out';
  return (
    <section className="log-detail" aria-label="Frame detail">
      <button type="button" className="small detail-close" onClick={onClose} title="Close the detail (Escape)">
        Close
      </button>
      <p className="detail-meta">
        <strong>#{entry.seq}</strong> · connection {entry.connection} · {formatOffset(entry.t)} · {formatClock(entry.at)} · {directionLabel(entry).words} ·{' '}
        {entry.kind}
        {entry.channel ? ` · ${channelLabel(entry.channel)} of ${entry.channel.tool}` : ''}
        {entry.method ? ` · ${entry.method}` : ''}
        {entry.id !== undefined ? ` · id ${formatId(entry.id)}` : ''} · {formatBytes(entry.size)}
        {entry.size >= 1024 ? ` (${entry.size.toLocaleString('en-US')} bytes)` : ''}
        {entry.rtt !== undefined ? ` · round trip ${formatDuration(entry.rtt)}` : ''}
      </p>
      {hasByteMarks(entry) && (
        <p className="detail-marks">
          <ByteMarks entry={entry} />
        </p>
      )}
      {entry.pairSeq !== undefined && (
        <p>
          <button type="button" className="pair-link" onClick={() => onJump(entry.pairSeq!)}>
            ↗ {pairLabel(entry)} #{entry.pairSeq}
          </button>
        </p>
      )}
      {entry.conversation && (
        <p className="conversation-note">
          <span className="round-tag">{conversationLabel(entry.conversation)}</span> A multi-round request: the server asked for input, and each answer went
          back with a retry under a new id.{' '}
          <button type="button" onClick={() => onShowConversation(entry.conversation!.firstSeq)}>
            Show only this conversation
          </button>
          {entry.conversation.firstSeq !== entry.seq && (
            <button type="button" className="pair-link" onClick={() => onJump(entry.conversation!.firstSeq)}>
              ↗ round 1 #{entry.conversation.firstSeq}
            </button>
          )}
        </p>
      )}
      {entry.direction === 'out' && !entry.channel && (
        <p>
          <button type="button" onClick={() => navigationStore.getState().editInComposer(entry.raw)}>
            Edit and resend
          </button>
        </p>
      )}
      <LintFindings seq={entry.seq} />
      {hiddenByFilters && (
        <p className="log-notice">
          This frame is hidden by the filters, so it is not in the table.{' '}
          <button type="button" onClick={onClearFilters}>
            Clear filters
          </button>
        </p>
      )}
      {entry.probe && (
        <p className="note">
          <span className="probe-badge">probe</span> Auto sent server/discover first to learn whether this server speaks the modern (2026-07-28) or the legacy
          generation; the connection status says what it decided.
        </p>
      )}
      {entry.kind === 'invalid' ? (
        <p className="invalid-reason">
          <strong>Not a valid JSON-RPC message:</strong> {entry.note ?? 'no reason was recorded.'}
        </p>
      ) : (
        entry.note && <p className="note">{entry.note}</p>
      )}
      {parsed.ok && (
        <div className="detail-block">
          <div className="detail-block-head">
            <h4>JSON</h4>
            <CopyButton label="Copy JSON" text={parsed.pretty} source={treeRef} />
          </div>
          <div ref={treeRef} className="log-json">
            <JsonTree key={entry.seq} value={parsed.value} label="JSON tree" />
          </div>
        </div>
      )}
      <div className="detail-block">
        <div className="detail-block-head">
          <h4>{isJsonRpc ? 'Raw text, exactly as it crossed the wire' : 'Text'}</h4>
          <CopyButton label="Copy raw text" text={entry.raw} source={rawRef} />
        </div>
        <pre ref={rawRef} className="log-raw" aria-label="Raw text">
          {entry.raw === '' ? <span className="hint">(empty)</span> : <VisibleText text={entry.raw} />}
        </pre>
      </div>
      {entry.bytes !== undefined && <ExactBytes base64={entry.bytes} />}
    </section>
  );
});
