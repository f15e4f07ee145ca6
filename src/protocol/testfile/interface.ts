// A listed server interface reduced to what a client depends on, in a stable
// order, for the `interface` expectation: what a tool, resource, template or
// prompt is, not the page it came on.

import { isRecord } from '../json/guards.js';
import type { ListKind } from './format.js';

const FIELDS: Record<ListKind, readonly string[]> = {
  tools: ['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations'],
  resources: ['uri', 'name', 'title', 'description', 'mimeType'],
  resourceTemplates: ['uriTemplate', 'name', 'title', 'description', 'mimeType'],
  prompts: ['name', 'title', 'description', 'arguments'],
};

export function itemKey(kind: ListKind, item: unknown): string {
  if (!isRecord(item)) return '';
  const k = kind === 'resources' ? item.uri : kind === 'resourceTemplates' ? item.uriTemplate : item.name;
  return typeof k === 'string' ? k : '';
}

/** The items with only their interface fields, sorted by name (or URI). */
export function interfaceOf(kind: ListKind, items: readonly unknown[]): Array<Record<string, unknown>> {
  const fields = FIELDS[kind];
  return items
    .map((item) => (isRecord(item) ? Object.fromEntries(fields.filter((f) => Object.hasOwn(item, f)).map((f) => [f, item[f]])) : {}))
    .sort((a, b) => itemKey(kind, a).localeCompare(itemKey(kind, b)));
}
