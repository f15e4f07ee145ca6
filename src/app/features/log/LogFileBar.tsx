// Export the log as JSON Lines; import such a file to look at it offline.

import { useRef, useState, type ReactNode } from 'react';
import { formatCount, plural, type LogServer } from '../../../protocol/index.js';
import type { LogEntry } from '../../stores/log-store.js';
import { downloadLog, readLogFile, type ImportedLog, type LintBySeq } from './log-file.js';

const PROBLEMS_SHOWN = 20;

interface Props {
  entries: readonly LogEntry[];
  server: LogServer | null;
  onImported: (log: ImportedLog) => void;
  /** Lint findings to export with the frames (the live log's). */
  findings?: LintBySeq;
  /** How many frames the filters hide (the export still has them). */
  hidden: number;
  /** More actions on the log, after Import log. */
  children?: ReactNode;
}

export function LogFileBar({ entries, server, onImported, findings, hidden, children }: Props) {
  const [error, setError] = useState<string | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function onFile(file: File | undefined): Promise<void> {
    if (!file) return;
    setReading(true);
    setError(null);
    const outcome = await readLogFile(file);
    setReading(false);
    if (input.current) input.current.value = ''; // choosing the same file again still imports it
    if (outcome.ok) onImported(outcome.log);
    else setError(outcome.error);
  }

  function onExport(): void {
    try {
      setExportError(null);
      downloadLog(entries, server, findings);
    } catch (e) {
      setExportError(`Could not export the log: ${e instanceof Error ? e.message : String(e)}.`);
    }
  }

  return (
    <>
      <div className="toolbar log-file-bar">
        <button type="button" onClick={onExport} disabled={entries.length === 0} title="Every frame, as JSON Lines (.jsonl)">
          Export log
        </button>
        <label className="file-button">
          <input
            ref={input}
            type="file"
            accept=".jsonl,.ndjson,.json,.txt,application/x-ndjson,application/json,text/plain"
            className="sr-only"
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
          {reading ? 'Reading…' : 'Import log'}
        </label>
        {children}
        {entries.length === 0 && <span className="hint">Nothing to export yet.</span>}
        {hidden > 0 && (
          <span className="hint">
            The filters hide {plural(hidden, 'frame')}; Export log keeps all {formatCount(entries.length)}, of every connection.
          </span>
        )}
      </div>
      {(error ?? exportError) && (
        <p role="alert" className="log-error">
          {error ?? exportError}
        </p>
      )}
    </>
  );
}

export function ImportedBanner({ log, onBack }: { log: ImportedLog; onBack: () => void }) {
  const { problems } = log;
  const server = log.header.server;
  const name = server?.title ?? server?.name;
  const from = name ? ` from ${name}${server?.version ? ` ${server.version}` : ''}` : '';
  return (
    <div className="imported-banner" role="region" aria-label="Imported log">
      <p>
        <strong>
          Viewing an imported log: {log.fileName}, {plural(log.entries.length, 'frame')}
        </strong>
        {from}
        {log.header.exportedAt ? `, exported ${new Date(log.header.exportedAt).toLocaleString()}` : ''}.{' '}
        <button type="button" onClick={onBack}>
          Back to the live log
        </button>
      </p>
      {problems.length > 0 && (
        <div className="import-problems">
          <p>
            {plural(problems.length, 'line')} could not be read and {problems.length === 1 ? 'was' : 'were'} skipped; the other frames are shown:
          </p>
          <ul>
            {problems.slice(0, PROBLEMS_SHOWN).map((p) => (
              <li key={p.line} className="mono">
                line {p.line}: {p.message}
              </li>
            ))}
            {problems.length > PROBLEMS_SHOWN && <li>…and {problems.length - PROBLEMS_SHOWN} more.</li>}
          </ul>
        </div>
      )}
    </div>
  );
}
