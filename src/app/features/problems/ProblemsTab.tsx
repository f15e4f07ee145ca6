// Problems: every lint rule the session broke, with counts, what the rule
// says, the spec section it rests on, and the frames that broke it.

import { useState } from 'react';
import { useStore } from 'zustand';
import { RULE_IDS, specUrl, type RuleId } from '../../../protocol/index.js';
import { lint, navigationStore } from '../../app-state.js';
import { useConnection } from '../../hooks.js';
import { ruleTitle, type RuleCount } from '../../lint/lint-runner.js';
import './problems.css';

const SHOWN_PER_RULE = 200;

function RuleFindings({ rule }: { rule: RuleId }) {
  const findings = useStore(lint.store, (s) => s.findings);
  const mine = findings.filter((f) => f.rule === rule);
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

function RuleRow({ count, version }: { count: RuleCount; version: string }) {
  const [open, setOpen] = useState(false);
  const firstSeq = useStore(lint.store, (s) => s.findings.find((f) => f.rule === count.rule && f.seq !== undefined)?.seq);
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
          <button
            type="button"
            onClick={() => navigationStore.getState().showInLog({ rule: count.rule, ...(firstSeq !== undefined ? { seq: firstSeq } : {}) })}
          >
            Show in log
          </button>
        </td>
      </tr>
      {open && (
        <tr>
          <td colSpan={6}>
            <RuleFindings rule={count.rule} />
          </td>
        </tr>
      )}
    </>
  );
}

export function ProblemsTab() {
  const byRule = useStore(lint.store, (s) => s.byRule);
  const total = useStore(lint.store, (s) => s.findings.length);
  const version = useConnection((s) => s.snapshot?.info?.protocolVersion ?? s.snapshot?.offeredVersion ?? '2025-11-25');
  const counts = RULE_IDS.flatMap((r) => (byRule.has(r) ? [byRule.get(r)!] : []));
  const bySeverity = (sev: string) => counts.filter((c) => c.severity === sev).reduce((n, c) => n + c.count, 0);
  if (total === 0) {
    return (
      <p className="hint">
        No problems found. Every frame is checked against the MCP specification of the negotiated version as it crosses the wire; departures show up here
        and as marks in the Log.
      </p>
    );
  }
  return (
    <div className="problems-tab">
      <p aria-live="polite">
        {total} finding{total === 1 ? '' : 's'} on this connection: {bySeverity('error')} error(s), {bySeverity('warning')} warning(s),{' '}
        {bySeverity('info')} info, checked against protocol {version}.
      </p>
      <table className="data-table problems" aria-label="Problems by rule">
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
            <RuleRow key={c.rule} count={c} version={version} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
