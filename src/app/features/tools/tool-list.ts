// What the tool list shows: the filter, the display title and annotation badges.

import type { Tool, ToolAnnotations } from '../../../protocol/index.js';

export function displayTitle(tool: Tool): string | undefined {
  const title = tool.title ?? tool.annotations?.title;
  return typeof title === 'string' && title !== tool.name ? title : undefined;
}

/** Case-insensitive match of every word of the filter against name, title and description. */
export function filterTools(tools: readonly Tool[], filter: string): Tool[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...tools];
  return tools.filter((tool) => {
    const haystack = [tool.name, tool.title, tool.annotations?.title, tool.description]
      .filter((s): s is string => typeof s === 'string')
      .join('\n')
      .toLowerCase();
    return words.every((w) => haystack.includes(w));
  });
}

export interface AnnotationBadge {
  hint: keyof ToolAnnotations;
  label: string;
  tooltip: string;
  tone: 'safe' | 'danger' | 'neutral';
}

const UNTRUSTED = 'Annotations are hints from the server: they are not verified.';

/** One badge per hint the server set (true or false); unset hints get none. */
export function annotationBadges(annotations: ToolAnnotations | undefined): AnnotationBadge[] {
  if (!annotations || typeof annotations !== 'object') return [];
  const badges: AnnotationBadge[] = [];
  const { readOnlyHint, destructiveHint, idempotentHint, openWorldHint } = annotations;
  if (typeof readOnlyHint === 'boolean') {
    badges.push(
      readOnlyHint
        ? { hint: 'readOnlyHint', label: 'read-only', tone: 'safe', tooltip: `readOnlyHint: true — the tool does not modify its environment. ${UNTRUSTED}` }
        : { hint: 'readOnlyHint', label: 'not read-only', tone: 'neutral', tooltip: `readOnlyHint: false — the tool may modify its environment. ${UNTRUSTED}` },
    );
  }
  if (typeof destructiveHint === 'boolean') {
    badges.push(
      destructiveHint
        ? {
            hint: 'destructiveHint',
            label: 'destructive',
            tone: 'danger',
            tooltip: `destructiveHint: true — the tool may delete or overwrite data. ${UNTRUSTED}`,
          }
        : {
            hint: 'destructiveHint',
            label: 'non-destructive',
            tone: 'neutral',
            tooltip: `destructiveHint: false — the tool only adds, never deletes or overwrites. ${UNTRUSTED}`,
          },
    );
  }
  if (typeof idempotentHint === 'boolean') {
    badges.push(
      idempotentHint
        ? {
            hint: 'idempotentHint',
            label: 'idempotent',
            tone: 'safe',
            tooltip: `idempotentHint: true — calling it again with the same arguments has no further effect. ${UNTRUSTED}`,
          }
        : {
            hint: 'idempotentHint',
            label: 'not idempotent',
            tone: 'neutral',
            tooltip: `idempotentHint: false — repeated calls may have further effects. ${UNTRUSTED}`,
          },
    );
  }
  if (typeof openWorldHint === 'boolean') {
    badges.push(
      openWorldHint
        ? {
            hint: 'openWorldHint',
            label: 'open-world',
            tone: 'neutral',
            tooltip: `openWorldHint: true — the tool reaches outside entities (the web, other systems). ${UNTRUSTED}`,
          }
        : {
            hint: 'openWorldHint',
            label: 'closed-world',
            tone: 'neutral',
            tooltip: `openWorldHint: false — the tool works only within its own closed domain. ${UNTRUSTED}`,
          },
    );
  }
  return badges;
}
