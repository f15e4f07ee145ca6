// One table of rule counts: severity, rule (opens its findings), what it checks,
// count, spec link, and the way to its frames (the Log) or its OAuth step. With
// several connections merged, each row names its connection.

import { useState } from 'react';
import { useStore } from 'zustand';
import { specUrl, type RuleId } from '../../../protocol/index.js';
import { useApp } from '../../app-context.js';
import { useConnection } from '../../hooks.js';
import { ruleTitle, type RuleCount } from '../../lint/lint-runner.js';
import { connectionFullLabel, connectionShortLabel } from '../../stores/connection-labels.js';

const SHOWN_PER_RULE = 200;

/** The AUTH-* rules judge the OAuth flow, listed apart from the frames' rules. */
export const isAuthRule = (rule: RuleId): boolean => rule.startsWith('AUTH-');

/** The MODEL-* rules come from eval runs (what models made of the tools), not from frames: listed apart. */
export const isModelRule = (rule: RuleId): boolean => rule.startsWith('MODEL-');

/** The PROVIDER-* rules judge the tools against model providers, not against MCP: listed apart too. */
export const isProviderRule = (rule: RuleId): boolean => rule.startsWith('PROVIDER-');

/** One rule's count on one connection. */
export interface RuleRowData {
  count: RuleCount;
  connection: number;
}

/** "Show in log" and the frame links open the Log on the finding's connection (and rule). */
function useShowInLog(): (target: { rule?: RuleId; seq?: number; connection: number }) => void {
  const { navigationStore } = useApp();
  const view = useConnection((s) => s.snapshot?.connection);
  return (target) => navigationStore.getState().showInLog({ ...target, ...(view !== undefined ? { view } : {}) });
}

function RuleFindings({ rule, connection }: { rule: RuleId; connection: number }) {
  const { lint } = useApp();
  const showInLog = useShowInLog();
  const findings = useStore(lint.store, (s) => s.findings);
  const mine = findings.filter((f) => f.rule === rule && f.connection === connection);
  return (
    <ul className="problem-findings" aria-label={`Findings of ${rule}`}>
      {mine.slice(0, SHOWN_PER_RULE).map((f, i) => (
        <li key={i}>
          {f.seq !== undefined && (
            <button type="button" className="link" onClick={() => showInLog({ seq: f.seq!, connection })}>
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

function RuleRow({ row, version, withConnection }: { row: RuleRowData; version: string; withConnection: boolean }) {
  const { connectionLabels, lint, navigationStore } = useApp();
  const showInLog = useShowInLog();
  const { count, connection } = row;
  const [open, setOpen] = useState(false);
  const label = useStore(connectionLabels, (s) => s.labels.get(connection));
  const firstSeq = useStore(lint.store, (s) => s.findings.find((f) => f.rule === count.rule && f.connection === connection && f.seq !== undefined)?.seq);
  return (
    <>
      <tr className={`problem ${count.severity}`}>
        {withConnection && (
          <td className="problem-connection" title={connectionFullLabel(connection, label)}>
            {connectionShortLabel(connection, label)}
          </td>
        )}
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
              {/* The provider rules rest on the provider's page, not on MCP's specification. */}
              {isProviderRule(count.rule) ? 'provider docs' : 'spec'}
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
            <button type="button" onClick={() => showInLog({ rule: count.rule, connection, ...(firstSeq !== undefined ? { seq: firstSeq } : {}) })}>
              Show in log
            </button>
          )}
        </td>
      </tr>
      {open && (
        <tr>
          <td colSpan={withConnection ? 7 : 6}>
            <RuleFindings rule={count.rule} connection={connection} />
          </td>
        </tr>
      )}
    </>
  );
}

export function RuleTable({ label, rows, version, withConnection }: { label: string; rows: readonly RuleRowData[]; version: string; withConnection: boolean }) {
  return (
    <table className="data-table problems" aria-label={label}>
      <thead>
        <tr>
          {withConnection && <th scope="col">Connection</th>}
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
        {rows.map((r) => (
          <RuleRow key={`${r.connection} ${r.count.rule}`} row={r} version={version} withConnection={withConnection} />
        ))}
      </tbody>
    </table>
  );
}
