// Annotation badges, each with a tooltip: a tool's hints, or the audience,
// priority and lastModified of a content block or a resource.
import { contentAnnotationBadges } from './annotations.js';
import './content.css';

export interface Badge {
  key: string;
  label: string;
  tooltip: string;
  tone: string;
}

export function AnnotationBadgeList({ badges, label }: { badges: readonly Badge[]; label: string }) {
  if (badges.length === 0) return null;
  return (
    <ul className="annotation-badges" aria-label={label}>
      {badges.map((b) => (
        <li key={b.key} className={`annotation-badge tone-${b.tone}`} title={b.tooltip}>
          {b.label}
        </li>
      ))}
    </ul>
  );
}

export function ContentAnnotations({ annotations, of }: { annotations: unknown; of: string }) {
  return <AnnotationBadgeList badges={contentAnnotationBadges(annotations)} label={`Annotations of ${of}`} />;
}
