// The mark on a log row with lint findings: the worst severity as an icon, the
// findings in its tooltip and accessible name.

import { useStore } from 'zustand';
import type { Finding } from '../../protocol/index.js';
import { useApp } from '../app-context.js';
import { worst } from './lint-runner.js';

const ICON = { error: '✖', warning: '▲', info: 'ℹ' } as const;
const NONE: readonly Finding[] = [];

export function findingsText(findings: readonly Finding[]): string {
  return findings.map((f) => `${f.severity} ${f.rule}: ${f.message}`).join('\n');
}

export function LintMark({ seq }: { seq: number }) {
  const { lint } = useApp();
  const findings = useStore(lint.store, (s) => s.bySeq.get(seq) ?? NONE);
  const severity = worst(findings);
  if (!severity) return null;
  const text = findingsText(findings);
  return (
    <span className={`lint-mark ${severity}`} title={text} role="img" aria-label={`Lint: ${text}`}>
      {ICON[severity]}
      {findings.length > 1 && <sub>{findings.length}</sub>}
    </span>
  );
}
