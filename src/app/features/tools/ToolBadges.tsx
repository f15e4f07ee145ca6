// A tool's annotation badges, each with a tooltip.
import type { Tool } from '../../../protocol/index.js';
import { annotationBadges } from './tool-list.js';

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
