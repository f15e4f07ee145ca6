// A tool's annotation badges, each with a tooltip.
import type { Tool } from '../../../protocol/index.js';
import { AnnotationBadgeList } from '../../components/content/ContentAnnotations.js';
import { annotationBadges } from './tool-list.js';

export function AnnotationBadges({ tool }: { tool: Tool }) {
  const badges = annotationBadges(tool.annotations).map((b) => ({ ...b, key: b.hint }));
  return <AnnotationBadgeList badges={badges} label={`Annotations of ${tool.name}`} />;
}
