// Problems: every lint rule the session broke, with counts, what the rule
// says, the spec section it rests on, and the frames that broke it — grouped
// by connection, the current one first, for as long as the frames are in the Log.

import { useState } from 'react';
import { useStore } from 'zustand';
import { RULE_IDS, plural, specUrl, type RuleId } from '../../../protocol/index.js';
import { useApp } from '../../app-context.js';
import { LoadFailure } from '../../components/LazyView.js';
import { useConnection } from '../../hooks.js';
import { ruleTitle, type RuleCount } from '../../lint/lint-runner.js';
import { connectionHeading } from '../../stores/connection-labels.js';
import './problems.css';

const SHOWN_PER_RULE = 200;

function RuleFindings({ rule, connection }: { rule: RuleId; connection: number }) {
  const { lint, navigationStore } = useApp();
  const findings = useStore(lint.store, (s) => s.findings);
  const mine = findings.filter((f) => f.rule === rule && f.connection === connection);
  return (
    <ul className="problem-findings" aria-label={`Findings of ${rule}`}>
      {mine.slice(0, SHOWN_PER_RULE).map((f, i) => (
        <li key={i}>
          {f.seq !== undefined && (
            <button type="button" className="link" onClick={() => navigationStore.getState().showInLog({ seq: f.seq! })}>
              frame #{f.seq}
            </button>
          )}{' '}
          <span className={`lint-severity ${f.severity}`}>{f.severity}</span>{' '}
          <span className="hint">{f.subject === 'server' ? 'server:' : 'client (mcpscope or a Composer frame):'}</span> {f.message}
        </li>
      ))}
      {mine.length > SHOWN_PER_RULE && <li className="hint">…and {mine.length - SHOWN_PER_RULE} more: filter the Log by this rule to see them all.</li>}
    </ul>
  );
}

function RuleRow({ count, version, connection }: { count: RuleCount; version: string; connection: number }) {
  const { lint, navigationStore } = useApp();
  const [open, setOpen] = useState(false);
  const firstSeq = useStore(lint.store, (s) => s.findings.find((f) => f.rule === count.rule && f.connection === connection && f.seq !== undefined)?.seq);
  return (
    <>
      <tr className={`problem ${count.severity}`}>
        <td>
          <span className={`lint-severity ${count.severity}`}>{count.severity}</span>
        </td>
        <td>
          <button type="button" className="link" aria-expanded={open} onClick={() => setOpen(!open)}>
            <code>{count.rule}</code>
          </button>
        </td>
        <td>{ruleTitle(count.rule)}</td>
        <td className="num">{count.count}</td>
        <td>
          {/* mcpscope's own rules (LINT-INTERNAL) rest on no section of the specification. */}
          {specUrl(count.rule, version) !== '' && (
            <a href={specUrl(count.rule, version)} target="_blank" rel="noreferrer noopener">
              spec
            </a>
          )}
        </td>
        <td>
          {isAuthRule(count.rule) ? (
            // The OAuth flow's findings are about its HTTP exchanges, not frames: they are shown with their step.
            <button type="button" onClick={() => navigationStore.getState().selectTab('authorization')}>
              Show the step
            </button>
          ) : (
            <button
              type="button"
              onClick={() => navigationStore.getState().showInLog({ rule: count.rule, ...(firstSeq !== undefined ? { seq: firstSeq } : {}) })}
            >
              Show in log
            </button>
          )}
        </td>
      </tr>
      {open && (
        <tr>
          <td colSpan={6}>
            <RuleFindings rule={count.rule} connection={connection} />
          </td>
        </tr>
      )}
    </>
  );
}

/** The AUTH-* rules judge the OAuth flow, listed apart from the frames' rules. */
const isAuthRule = (rule: RuleId): boolean => rule.startsWith('AUTH-');

function RuleTable({ label, counts, version, connection }: { label: string; counts: readonly RuleCount[]; version: string; connection: number }) {
  return (
    <table className="data-table problems" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">Severity</th>
          <th scope="col">Rule</th>
          <th scope="col">What it checks</th>
          <th scope="col">Count</th>
          <th scope="col">Spec</th>
          <th scope="col">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {counts.map((c) => (
          <RuleRow key={c.rule} count={c} version={version} connection={connection} />
        ))}
      </tbody>
    </table>
  );
}

const total = (counts: readonly RuleCount[], severity?: string) =>
  counts.filter((c) => severity === undefined || c.severity === severity).reduce((n, c) => n + c.count, 0);

function summary(counts: readonly RuleCount[]): string {
  const n = total(counts);
  return `${plural(n, 'finding')}: ${total(counts, 'error')} error(s), ${total(counts, 'warning')} warning(s), ${total(counts, 'info')} info`;
}

function ConnectionProblems({ connection, current, version }: { connection: number; current: number | undefined; version: string }) {
  const { connectionLabels, lint } = useApp();
  const byRule = useStore(lint.store, (s) => s.byConnection.get(connection));
  const label = useStore(connectionLabels, (s) => s.labels.get(connection));
  const counts = RULE_IDS.flatMap((r) => (byRule?.has(r) ? [byRule.get(r)!] : []));
  const frameCounts = counts.filter((c) => !isAuthRule(c.rule));
  const authCounts = counts.filter((c) => isAuthRule(c.rule));
  const heading = connectionHeading(connection, label, current);
  return (
    <section className="problems-connection" aria-label={heading}>
      <h3>{heading}</h3>
      <p>{summary(counts)}.</p>
      {(frameCounts.length > 0 || authCounts.length === 0) && (
        <RuleTable label="Problems by rule" counts={frameCounts} version={version} connection={connection} />
      )}
      {authCounts.length > 0 && (
        <>
          <h4 className="problems-group">Authorization</h4>
          <p className="hint">What the OAuth flow found about the server and its authorization server, step by step in the Authorization tab.</p>
          <RuleTable label="Authorization problems by rule" counts={authCounts} version={version} connection={connection} />
        </>
      )}
    </section>
  );
}

/** The lint engine loads on demand: if it could not, nothing here would be current, so say so first. */
function LintEngineMissing() {
  const { lint } = useApp();
  const loadError = useStore(lint.store, (s) => s.loadError);
  if (loadError === undefined) return null;
  return (
    <LoadFailure
      what="The lint engine"
      error={loadError}
      meanwhile="Frames are not being checked: they wait, and are checked once it loads."
      onRetry={() => lint.retryLoad()}
    />
  );
}

export function ProblemsTab() {
  return (
    <>
      <LintEngineMissing />
      <ProblemsByConnection />
    </>
  );
}

function ProblemsByConnection() {
  const { lint } = useApp();
  const byConnection = useStore(lint.store, (s) => s.byConnection);
  const current = useConnection((s) => s.snapshot?.connection);
  const version = useConnection((s) => s.snapshot?.info?.protocolVersion ?? s.snapshot?.offeredVersion ?? '2025-11-25');
  // The current connection first, then the others, newest first.
  const connections = [...byConnection.keys()].sort((a, b) => (a === current ? -1 : b === current ? 1 : b - a));
  if (connections.length === 0) {
    return (
      <p className="hint">
        No problems found. Every frame is checked against the MCP specification of the negotiated version as it crosses the wire; departures show up here and as
        marks in the Log.
      </p>
    );
  }
  const currentCounts = current === undefined ? undefined : byConnection.get(current);
  return (
    <div className="problems-tab">
      <p aria-live="polite">
        {currentCounts
          ? `${summary([...currentCounts.values()])} on this connection, checked against protocol ${version}.`
          : 'No problems found on this connection.'}{' '}
        {connections.some((c) => c !== current) && 'Findings of earlier connections stay listed below while their frames are in the Log.'}
      </p>
      {connections.map((c) => (
        <ConnectionProblems key={c} connection={c} current={current} version={version} />
      ))}
    </div>
  );
}
