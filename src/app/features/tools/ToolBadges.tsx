// A tool's icon (only from https: or data: images) and its annotation badges, each with a tooltip.
import { useState } from 'react';
import type { Tool } from '../../../protocol/index.js';
import { annotationBadges, pickIcon } from './tool-list.js';

export function ToolIcon({ tool }: { tool: Tool }) {
  const src = pickIcon(tool.icons);
  const [failed, setFailed] = useState<string | undefined>();
  // An icon that does not load is decoration that failed: leave no broken-image box.
  if (!src || failed === src) return null;
  return <img className="tool-icon" src={src} alt="" width={16} height={16} referrerPolicy="no-referrer" loading="lazy" onError={() => setFailed(src)} />;
}

export function AnnotationBadges({ tool }: { tool: Tool }) {
  const badges = annotationBadges(tool.annotations);
  if (badges.length === 0) return null;
  return (
    <ul className="annotation-badges" aria-label={`Annotations of ${tool.name}`}>
      {badges.map((b) => (
        <li key={b.hint} className={`annotation-badge tone-${b.tone}`} title={b.tooltip}>
          {b.label}
        </li>
      ))}
    </ul>
  );
}
