// This page's calls, newest first: view, re-run with the same arguments, load them into the form, or save one as a test.
import type { ToolCallRecord } from './tools-store.js';
import { shownRecord } from './tools-store.js';
import { formatClock, formatDuration } from '../../../protocol/index.js';
import { useConnection, useTools } from '../../hooks.js';
import { SaveTestStatus, useSaveTest } from '../save-test/SaveTest.js';
import { outcomeWords } from './format.js';
import { checkStructuredContent } from './output-check.js';

interface Props {
  onRerun: (record: ToolCallRecord) => void;
  rerunBlocked?: string;
}

export function CallHistory({ onRerun, rerunBlocked }: Props) {
  const view = useTools((s) => s.view);
  const loadArguments = useTools((s) => s.loadArguments);
  const history = useTools((s) => s.history);
  const shown = useTools((s) => shownRecord(s)?.seq);
  const snapshot = useConnection((s) => s.snapshot);
  const { status, save } = useSaveTest();
  if (history.length === 0) return null;
  return (
    <section className="call-history" aria-label="Call history">
      <h4>History</h4>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Tool</th>
            <th scope="col">Duration</th>
            <th scope="col">Outcome</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {history.map((record) => {
            const words = outcomeWords(record);
            const label = `${record.tool.name} at ${formatClock(record.startedAt)}`;
            return (
              <tr key={record.seq} className={record.seq === shown ? 'shown' : undefined} aria-current={record.seq === shown ? 'true' : undefined}>
                <td className="mono">{formatClock(record.startedAt)}</td>
                <td className="mono">{record.tool.name}</td>
                <td className="mono">{formatDuration(record.durationMs)}</td>
                <td className={`outcome tone-${words.tone}`}>
                  {words.text}
                  {record.outcome.status === 'result' && checkStructuredContent(record.tool, record.outcome.result).kind === 'mismatch' && (
                    <span className="tone-bad"> · does not match outputSchema</span>
                  )}
                  {record.sentAnyway && <span className="hint"> · sent anyway</span>}
                  {record.fromApp && <span className="hint"> · from app {record.fromApp.app}</span>}
                  {record.fromChat && <span className="hint"> · from chat</span>}
                </td>
                <td className="history-actions">
                  <button type="button" className="small" onClick={() => view(record)} aria-label={`View the result of ${label}`}>
                    View
                  </button>
                  <button
                    type="button"
                    className="small"
                    disabled={rerunBlocked !== undefined}
                    title={rerunBlocked}
                    onClick={() => onRerun(record)}
                    aria-label={`Re-run ${label}`}
                  >
                    Re-run
                  </button>
                  <button type="button" className="small" onClick={() => loadArguments(record)} aria-label={`Load the arguments of ${label} into the form`}>
                    Load arguments
                  </button>
                  <button
                    type="button"
                    className="small"
                    onClick={() => save((b) => b.callTest(snapshot, record))}
                    aria-label={`Save ${label} as a test`}
                    title="This call and its result as a file for mcpscope test"
                  >
                    Save as test
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <SaveTestStatus status={status} />
    </section>
  );
}
