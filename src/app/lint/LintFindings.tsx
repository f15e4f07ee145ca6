// The lint findings of one frame, each with the section of the specification it rests on.

import { useStore } from 'zustand';
import type { Finding } from '../../protocol/index.js';
import { useApp } from '../app-context.js';

const NONE: readonly Finding[] = [];

/** One finding as a line: severity, rule, message and its spec link (the Log's frame details and the Authorization tab's steps). */
export function FindingText({ finding, severityClassName }: { finding: Finding; severityClassName: string }) {
  return (
    <>
      <span className={severityClassName}>{finding.severity}</span> <code>{finding.rule}</code> {finding.message}{' '}
      {finding.specUrl !== '' && (
        <a href={finding.specUrl} target="_blank" rel="noreferrer noopener">
          spec
        </a>
      )}
    </>
  );
}

export function LintFindings({ seq }: { seq: number }) {
  const { lint } = useApp();
  const findings = useStore(lint.store, (s) => s.bySeq.get(seq) ?? NONE);
  if (findings.length === 0) return null;
  return (
    <section className="lint-findings" aria-label="Lint findings">
      <h4>Lint</h4>
      <ul>
        {findings.map((f, i) => (
          <li key={i} className={`lint-finding ${f.severity}`}>
            <FindingText finding={f} severityClassName="lint-severity" />
          </li>
        ))}
      </ul>
    </section>
  );
}
