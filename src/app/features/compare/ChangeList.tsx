// The changes from A to B, grouped: breaking first, then compatible; each with its paths, values and reason.

import { useId } from 'react';
import { breakingFirst, changeHeading, shortJson, type ChangeDetail, type InterfaceChange } from '../../../protocol/index.js';

function Values({ detail }: { detail: ChangeDetail }) {
  return (
    <span className="compare-values">
      <code>{'old' in detail ? shortJson(detail.old) : '(none)'}</code> → <code>{'new' in detail ? shortJson(detail.new) : '(none)'}</code>
    </span>
  );
}

function Change({ change }: { change: InterfaceChange }) {
  return (
    <li className={`compare-change ${change.class}`}>
      <div className="compare-change-head">
        <span className={`compare-class ${change.class}`}>{change.class}</span> {changeHeading(change)}
      </div>
      <ul className="compare-details">
        {change.details.map((d, i) => (
          <li key={i} className={d.class}>
            {d.path !== '' && (
              <div>
                <code className="compare-path">{d.path}</code> <Values detail={d} />
              </div>
            )}
            <div className="compare-reason">{d.reason}</div>
          </li>
        ))}
      </ul>
    </li>
  );
}

function Group({ title, changes }: { title: string; changes: readonly InterfaceChange[] }) {
  const id = useId();
  if (changes.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h4 id={id}>
        {title} ({changes.length})
      </h4>
      <ul className="compare-changes" aria-labelledby={id}>
        {changes.map((c) => (
          <Change key={`${c.kind} ${c.item}`} change={c} />
        ))}
      </ul>
    </section>
  );
}

export function ChangeList({ changes }: { changes: readonly InterfaceChange[] }) {
  const ordered = breakingFirst(changes);
  return (
    <>
      <Group title="Breaking changes" changes={ordered.filter((c) => c.class === 'breaking')} />
      <Group title="Compatible changes" changes={ordered.filter((c) => c.class === 'compatible')} />
    </>
  );
}
