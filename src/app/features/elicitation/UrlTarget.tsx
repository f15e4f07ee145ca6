// Where a URL elicitation would send the person: the whole address, its host
// emphasised (so "trusted.example.evil.example" reads as what it is), and what
// to look out for. Text only, never a link: nothing is fetched or opened from here.

import type { UrlTarget } from '../../../protocol/index.js';

/** Opens a URL elicitation's address in a new tab that cannot reach back to this page. */
export function openUrlElicitation(target: UrlTarget): void {
  window.open(target.href, '_blank', 'noopener,noreferrer');
}

/** `target` is describeUrlTarget(url): the parent needs it too, to offer Open or not. */
export function UrlTargetView({ url, target }: { url: string; target: UrlTarget | { problem: string } }) {
  if ('problem' in target) {
    return (
      <p role="alert" className="field-error">
        {target.problem}
      </p>
    );
  }
  return (
    <div className="url-target">
      <p>
        Opens <strong className="url-target-host">{target.parts.host || target.href}</strong>
      </p>
      <p className="url-target-href mono" aria-label="Full address">
        <span className="url-dim">{target.parts.before}</span>
        <mark className="url-host">{target.parts.host}</mark>
        <span className="url-dim">{target.parts.after}</span>
      </p>
      {target.href !== url && (
        <p className="hint">
          As the server wrote it: <span className="mono">{url}</span>
        </p>
      )}
      {target.warnings.length > 0 && (
        <ul className="url-warnings" aria-label="Warnings about this address">
          {target.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
