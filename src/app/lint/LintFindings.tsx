// The lint findings of one frame, each with the section of the specification it rests on.

import { useStore } from 'zustand';
import type { Finding } from '../../protocol/index.js';
import { useApp } from '../app-context.js';

const NONE: readonly Finding[] = [];

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
            <span className="lint-severity">{f.severity}</span> <code>{f.rule}</code> {f.message}{' '}
            {f.specUrl !== '' && (
              <a href={f.specUrl} target="_blank" rel="noreferrer noopener">
                spec
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
