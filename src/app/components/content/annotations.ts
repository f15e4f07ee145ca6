// The annotations a content block or a resource may carry (audience, priority,
// lastModified), as compact badges; a value the spec does not allow gets a badge
// that says so, never silence.
import { isRecord } from '../../../protocol/index.js';

export interface ContentAnnotationBadge {
  key: 'annotations' | 'audience' | 'priority' | 'lastModified';
  label: string;
  tooltip: string;
  tone: 'neutral' | 'problem';
}

const ROLES = new Set(['user', 'assistant']);
const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/** A value as JSON, cut short: a server may send anything here. */
function shown(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 60 ? `${json.slice(0, 59)}…` : json;
}

function audienceBadge(audience: unknown): ContentAnnotationBadge {
  const tooltip = `audience: ${shown(audience)} — who this content is meant for.`;
  if (!Array.isArray(audience)) return { key: 'audience', label: `audience ${shown(audience)} (not a list of roles)`, tooltip, tone: 'problem' };
  if (!audience.every((r) => typeof r === 'string' && ROLES.has(r))) {
    return { key: 'audience', label: `audience ${shown(audience)} (roles are "user" and "assistant")`, tooltip, tone: 'problem' };
  }
  return { key: 'audience', label: audience.length === 0 ? 'for no one' : `for ${audience.join(', ')}`, tooltip, tone: 'neutral' };
}

function priorityBadge(priority: unknown): ContentAnnotationBadge {
  const tooltip = `priority: ${shown(priority)} — how important this content is, from 0 (entirely optional) to 1 (most important, effectively required).`;
  if (typeof priority !== 'number' || !(priority >= 0 && priority <= 1)) {
    return { key: 'priority', label: `priority ${shown(priority)} (not between 0 and 1)`, tooltip, tone: 'problem' };
  }
  return { key: 'priority', label: `priority ${priority}`, tooltip, tone: 'neutral' };
}

function lastModifiedBadge(lastModified: unknown): ContentAnnotationBadge {
  const tooltip = `lastModified: ${typeof lastModified === 'string' ? lastModified : shown(lastModified)} — when this content was last modified.`;
  const time = typeof lastModified === 'string' && ISO_8601.test(lastModified) ? new Date(lastModified) : undefined;
  if (time === undefined || Number.isNaN(time.getTime())) {
    return { key: 'lastModified', label: `lastModified ${shown(lastModified)} (not an ISO 8601 date)`, tooltip, tone: 'problem' };
  }
  const iso = time.toISOString();
  const label = (lastModified as string).length <= 10 ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
  return { key: 'lastModified', label: `modified ${label}`, tooltip, tone: 'neutral' };
}

/** One badge per annotation set; none when there are none. */
export function contentAnnotationBadges(annotations: unknown): ContentAnnotationBadge[] {
  if (annotations === undefined) return [];
  if (!isRecord(annotations)) {
    return [
      {
        key: 'annotations',
        label: `annotations ${shown(annotations)} (not an object)`,
        tone: 'problem',
        tooltip: 'annotations must be an object with audience, priority and lastModified.',
      },
    ];
  }
  const badges: ContentAnnotationBadge[] = [];
  if (annotations.audience !== undefined) badges.push(audienceBadge(annotations.audience));
  if (annotations.priority !== undefined) badges.push(priorityBadge(annotations.priority));
  if (annotations.lastModified !== undefined) badges.push(lastModifiedBadge(annotations.lastModified));
  return badges;
}
