// The results of an eval run: a row per prompt and model with its pass rate against the threshold (a row under it
// says so in words and a mark, not only in colour), runs, errors, tokens, cost and latency; a row with wrong choices
// or failed calls opens to show each with its arguments and sentence. While a run is made, each row comes as soon as
// its prompt and model pair's runs are.
import { Fragment, useState } from 'react';
import { formatDuration, plural, type EvalCell } from '../../../protocol/index.js';
import { costText } from '../models/model-answer.js';

const percent = (rate: number) => `${Math.round(rate * 100)}%`;

function verdict(cell: EvalCell): { mark: string; word: string } {
  if (cell.notAsked !== undefined) return { mark: '✗', word: 'not asked' };
  return cell.below ? { mark: '✗', word: `below ${percent(cell.threshold)}` } : { mark: '✓', word: `meets ${percent(cell.threshold)}` };
}

function Details({ cell }: { cell: EvalCell }) {
  return (
    <div className="evals-details">
      {cell.notAsked !== undefined && <p>Not asked: {cell.notAsked}</p>}
      {cell.wrong.length > 0 && (
        <ul aria-label={`Wrong choices of ${cell.prompt} · ${cell.model}`}>
          {[...cell.wrong]
            .sort((a, b) => b.count - a.count)
            .map((w) => (
              <li key={w.reason}>
                <p>
                  <strong>{w.count}×</strong> {w.tool !== undefined ? <code>{w.tool}</code> : 'no tool'}: {w.reason}
                </p>
                {w.tool !== undefined && <pre aria-label={`Arguments given to ${w.tool}`}>{JSON.stringify(w.arguments, null, 2) ?? 'no arguments'}</pre>}
              </li>
            ))}
        </ul>
      )}
      {cell.failures.length > 0 && (
        <ul aria-label={`Failed model calls of ${cell.prompt} · ${cell.model}`}>
          {cell.failures.map((f) => (
            <li key={f}>The model call failed: {f}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Row({ cell }: { cell: EvalCell }) {
  const [open, setOpen] = useState(false);
  const { mark, word } = verdict(cell);
  const explains = cell.wrong.length + cell.failures.length + (cell.notAsked !== undefined ? 1 : 0);
  const wrongRuns = cell.wrong.reduce((n, w) => n + w.count, 0);
  const label =
    cell.notAsked !== undefined
      ? 'why not asked'
      : [wrongRuns ? plural(wrongRuns, 'wrong choice') : '', cell.errors ? plural(cell.errors, 'failed call') : ''].filter(Boolean).join(', ');
  return (
    <Fragment>
      <tr className={cell.below ? 'evals-below' : 'evals-pass'}>
        <th scope="row">{cell.prompt}</th>
        <td>{cell.model}</td>
        <td className="evals-rate">
          <span aria-hidden="true" className="evals-mark">
            {mark}
          </span>{' '}
          {cell.notAsked !== undefined ? '—' : `${percent(cell.rate)} (${cell.passed} of ${cell.runs})`} <span className="evals-verdict">{word}</span>
        </td>
        <td>{cell.notAsked !== undefined ? '—' : cell.runs < cell.planned ? `${cell.runs} of ${cell.planned}` : cell.runs}</td>
        <td>{cell.notAsked !== undefined ? '—' : cell.errors}</td>
        <td>{cell.notAsked !== undefined ? '—' : `${cell.inputTokens} / ${cell.outputTokens}`}</td>
        <td>{cell.runs - cell.errors > 0 ? costText(cell.costUsd) : '—'}</td>
        <td>{cell.runs - cell.errors > 0 ? formatDuration(cell.latencyMs / (cell.runs - cell.errors)) : '—'}</td>
        <td className="evals-more">
          {explains > 0 && (
            <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
              {open ? 'Hide' : 'Show'} {label}
            </button>
          )}
        </td>
      </tr>
      {open && (
        <tr className="evals-details-row">
          <td colSpan={9}>
            <Details cell={cell} />
          </td>
        </tr>
      )}
    </Fragment>
  );
}

interface ResultsProps {
  name: string;
  cells: readonly EvalCell[];
  stopped?: boolean;
  /** While the run is made: how many prompt and model pairs it has in all. */
  pairs?: number;
}

function summary({ name, cells, stopped = false, pairs }: ResultsProps): string {
  const below = cells.filter((c) => c.below).length;
  const made = cells.reduce((n, c) => n + c.runs, 0);
  const tally = `${cells.length - below} at or above the threshold, ${below} under it`;
  if (pairs !== undefined) return `${name}: ${cells.length} of ${plural(pairs, 'prompt and model pair')} done so far, ${tally}.`;
  return `${stopped ? `Stopped after ${plural(made, 'run')}: the rates are over the runs made. ` : ''}${name}: ${plural(cells.length, 'prompt and model pair')}, ${tally}.`;
}

export function EvalResults(props: ResultsProps) {
  const { cells, stopped = false } = props;
  const bad = stopped || cells.some((c) => c.below);
  return (
    <section className="evals-results" aria-label="Eval results">
      <p role="status" className={bad ? 'evals-summary evals-summary-bad' : 'evals-summary'}>
        {summary(props)}
      </p>
      <div className="evals-table-wrap">
        <table className="data-table evals-table">
          <caption className="sr-only">Pass rate per prompt and model</caption>
          <thead>
            <tr>
              <th scope="col">Prompt</th>
              <th scope="col">Model</th>
              <th scope="col">Pass rate (threshold)</th>
              <th scope="col">Runs</th>
              <th scope="col">Errors</th>
              <th scope="col">Tokens in / out</th>
              <th scope="col">Cost</th>
              <th scope="col">Latency per run</th>
              <th scope="col">
                <span className="sr-only">Details</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {cells.map((cell) => (
              <Row key={`${cell.prompt}\u0000${cell.model}`} cell={cell} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
