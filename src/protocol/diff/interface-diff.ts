// The interfaces of two servers (A, the old, and B, the new) compared item by item: tools and prompts by name,
// resources by URI, resource templates by uriTemplate. A renamed item is one removed and one added.

import { isRecord } from '../json/guards.js';
import type { Prompt, PromptArgument, Resource, ResourceTemplate, Tool } from '../mcp/types.js';
import { pointerSegment } from '../schema/walk.js';
import { ownValue } from '../text/own.js';
import { jsonEqual } from './json-equal.js';
import { detailOf, diffSchemas, shortJson } from './schema-diff.js';
import type { ChangeDetail, InterfaceChange, InterfaceItemKind, ServerInterface } from './types.js';
import { ITEM_NOUN } from './wording.js';

/** Item fields that only describe it. */
const DESCRIPTIVE = new Set(['name', 'title', 'description', 'icons', 'size', '_meta']);

function describes(details: ChangeDetail[], old: Record<string, unknown>, next: Record<string, unknown>, keys: readonly string[]): void {
  for (const key of keys) {
    const a = ownValue(old, key);
    const b = ownValue(next, key);
    if (jsonEqual(a, b)) continue;
    details.push(detailOf(`/${pointerSegment(key)}`, a, b, 'compatible', `${key} changed: it describes the item, a host's calls do not change.`));
  }
}

/** Fields this file does not classify: any difference counts as breaking. */
function unclassified(details: ChangeDetail[], old: Record<string, unknown>, next: Record<string, unknown>, known: ReadonlySet<string>): void {
  const keys = new Set([...Object.keys(old), ...Object.keys(next)]);
  for (const key of keys) {
    if (known.has(key) || DESCRIPTIVE.has(key)) continue;
    const a = ownValue(old, key);
    const b = ownValue(next, key);
    if (jsonEqual(a, b)) continue;
    details.push(detailOf(`/${pointerSegment(key)}`, a, b, 'breaking', `${key} changed; mcpscope does not classify it, so it counts as breaking.`));
  }
}

/** Annotations are hints, but a host may act on them (skip a confirmation): a hint that became less safe breaks it. */
const HINTS: ReadonlyArray<{ key: string; fallback: boolean; safe: boolean; says: string }> = [
  { key: 'readOnlyHint', fallback: false, safe: true, says: 'does not modify its environment' },
  { key: 'destructiveHint', fallback: true, safe: false, says: 'may make destructive updates' },
  { key: 'idempotentHint', fallback: false, safe: true, says: 'can be called again with the same arguments to no further effect' },
  { key: 'openWorldHint', fallback: true, safe: false, says: 'may reach an open world of outside entities' },
];

function annotations(details: ChangeDetail[], old: unknown, next: unknown): void {
  const a = isRecord(old) ? old : {};
  const b = isRecord(next) ? next : {};
  for (const hint of HINTS) {
    const was = typeof a[hint.key] === 'boolean' ? a[hint.key] : hint.fallback;
    const is = typeof b[hint.key] === 'boolean' ? b[hint.key] : hint.fallback;
    if (was === is) continue;
    const lessSafe = is !== hint.safe;
    const now = `${hint.key} is now ${String(is)} (the tool ${is ? '' : 'no longer says it '}${hint.says})`;
    details.push(
      detailOf(
        `/annotations/${hint.key}`,
        a[hint.key],
        b[hint.key],
        lessSafe ? 'breaking' : 'compatible',
        lessSafe ? `${now}: a host that acted on the hint, to skip a confirmation say, would now be wrong.` : `${now}: it promises more than before.`,
      ),
    );
  }
  if (!jsonEqual(a.title, b.title)) details.push(detailOf('/annotations/title', a.title, b.title, 'compatible', 'A title only: it describes the item.'));
}

/** execution.taskSupport: forbidden (the default), optional or required. */
function taskSupport(details: ChangeDetail[], old: unknown, next: unknown): void {
  const of = (e: unknown) => (isRecord(e) && typeof e.taskSupport === 'string' ? e.taskSupport : 'forbidden');
  const was = of(old);
  const is = of(next);
  if (was === is) return;
  // A host that called it plainly needs a plain call allowed; one that called it as a task needs tasks allowed.
  const plainLost = was !== 'required' && is === 'required';
  const taskLost = was !== 'forbidden' && is === 'forbidden';
  details.push({
    path: '/execution/taskSupport',
    old: was,
    new: is,
    class: plainLost || taskLost ? 'breaking' : 'compatible',
    reason: plainLost
      ? `taskSupport is now required: a host that calls the tool without a task is refused.`
      : taskLost
        ? `taskSupport is now forbidden: a host that calls the tool as a task is refused.`
        : `taskSupport is now ${is}: every way of calling it that worked still does.`,
  });
}

function toolDetails(a: Tool, b: Tool): ChangeDetail[] {
  const details: ChangeDetail[] = [];
  const old = a as unknown as Record<string, unknown>;
  const next = b as unknown as Record<string, unknown>;
  describes(details, old, next, ['title', 'description', 'icons']);
  diffSchemas(a.inputSchema, b.inputSchema, '/inputSchema', 'input', details);
  if (a.outputSchema === undefined && b.outputSchema !== undefined) {
    details.push({ path: '/outputSchema', new: b.outputSchema, class: 'compatible', reason: 'outputSchema added: results now promise a shape.' });
  } else if (a.outputSchema !== undefined && b.outputSchema === undefined) {
    details.push({
      path: '/outputSchema',
      old: a.outputSchema,
      class: 'breaking',
      reason: 'outputSchema removed: a host that reads structuredContent no longer has its shape promised.',
    });
  } else diffSchemas(a.outputSchema, b.outputSchema, '/outputSchema', 'output', details);
  annotations(details, a.annotations, b.annotations);
  taskSupport(details, a.execution, b.execution);
  unclassified(details, old, next, new Set(['inputSchema', 'outputSchema', 'annotations', 'execution']));
  return details;
}

function mimeType(details: ChangeDetail[], a: unknown, b: unknown): void {
  if (jsonEqual(a, b)) return;
  details.push(
    detailOf(
      '/mimeType',
      a,
      b,
      'breaking',
      `mimeType changed from ${shortJson(a)} to ${shortJson(b)}: a host that reads the contents as before may misread them.`,
    ),
  );
}

function resourceDetails(a: Resource | ResourceTemplate, b: Resource | ResourceTemplate): ChangeDetail[] {
  const details: ChangeDetail[] = [];
  const old = a as unknown as Record<string, unknown>;
  const next = b as unknown as Record<string, unknown>;
  describes(details, old, next, ['name', 'title', 'description', 'icons', 'size', 'annotations']);
  mimeType(details, a.mimeType, b.mimeType);
  unclassified(details, old, next, new Set(['uri', 'uriTemplate', 'mimeType', 'annotations']));
  return details;
}

function argumentsOf(p: Prompt): PromptArgument[] {
  return Array.isArray(p.arguments) ? p.arguments.filter((x): x is PromptArgument => isRecord(x) && typeof x.name === 'string') : [];
}

function promptDetails(a: Prompt, b: Prompt): ChangeDetail[] {
  const details: ChangeDetail[] = [];
  const old = a as unknown as Record<string, unknown>;
  const next = b as unknown as Record<string, unknown>;
  describes(details, old, next, ['title', 'description', 'icons']);
  const was = argumentsOf(a);
  const is = argumentsOf(b);
  for (const arg of is) {
    const before = was.find((w) => w.name === arg.name);
    const q = JSON.stringify(arg.name);
    const at = `/arguments/${is.indexOf(arg)}`;
    if (!before) {
      details.push(
        arg.required === true
          ? { path: at, new: arg, class: 'breaking', reason: `Required argument ${q} added: a host that does not send it is refused.` }
          : { path: at, new: arg, class: 'compatible', reason: `Optional argument ${q} added: a host may leave it out.` },
      );
      continue;
    }
    if ((before.required === true) !== (arg.required === true)) {
      const made = arg.required === true;
      const reason = made
        ? `Argument ${q} made required: a host that leaves it out is refused.`
        : `Argument ${q} made optional: a host that sends it still may.`;
      details.push(detailOf(`${at}/required`, before.required, arg.required, made ? 'breaking' : 'compatible', reason));
    }
    if (!jsonEqual(before.description, arg.description)) {
      details.push(
        detailOf(`${at}/description`, before.description, arg.description, 'compatible', `The description of argument ${q} changed: documentation only.`),
      );
    }
  }
  for (const arg of was) {
    if (is.some((i) => i.name === arg.name)) continue;
    details.push({
      path: `/arguments/${was.indexOf(arg)}`,
      old: arg,
      class: 'breaking',
      reason: `Argument ${JSON.stringify(arg.name)} removed: a host that sends it may be refused or have it ignored.`,
    });
  }
  unclassified(details, old, next, new Set(['arguments']));
  return details;
}

/** The items of one list, keyed by the field that names them (a key seen twice keeps the first). */
function keyed<T>(items: readonly T[], keyOf: (item: T) => unknown): Map<string, T> {
  const map = new Map<string, T>();
  for (const item of items) {
    const key = isRecord(item) ? keyOf(item) : undefined;
    if (typeof key === 'string' && !map.has(key)) map.set(key, item);
  }
  return map;
}

function diffList<T>(
  kind: InterfaceItemKind,
  a: readonly T[],
  b: readonly T[],
  keyOf: (item: T) => unknown,
  details: (a: T, b: T) => ChangeDetail[],
): InterfaceChange[] {
  const was = keyed(a, keyOf);
  const is = keyed(b, keyOf);
  const noun = ITEM_NOUN[kind];
  const changes: InterfaceChange[] = [];
  for (const [key, item] of was) {
    const next = is.get(key);
    if (next === undefined) {
      changes.push({
        kind,
        item: key,
        change: 'removed',
        class: 'breaking',
        details: [{ path: '', old: item, class: 'breaking', reason: `The ${noun} was removed: a host that uses it fails.` }],
      });
      continue;
    }
    const found = details(item, next);
    if (found.length === 0) continue;
    changes.push({ kind, item: key, change: 'changed', class: found.some((d) => d.class === 'breaking') ? 'breaking' : 'compatible', details: found });
  }
  for (const [key, item] of is) {
    if (was.has(key)) continue;
    changes.push({
      kind,
      item: key,
      change: 'added',
      class: 'compatible',
      details: [{ path: '', new: item, class: 'compatible', reason: `A new ${noun}: a host written before does not use it.` }],
    });
  }
  return changes;
}

/** Every change from A to B, in the order tools, resources, resource templates, prompts. */
export function diffInterfaces(a: ServerInterface, b: ServerInterface): InterfaceChange[] {
  return [
    ...diffList('tool', a.tools, b.tools, (t) => t.name, toolDetails),
    ...diffList('resource', a.resources, b.resources, (r) => r.uri, resourceDetails),
    ...diffList('resourceTemplate', a.resourceTemplates, b.resourceTemplates, (r) => r.uriTemplate, resourceDetails),
    ...diffList('prompt', a.prompts, b.prompts, (p) => p.name, promptDetails),
  ];
}

/** Breaking changes first, then compatible ones; each group in A's order. */
export function breakingFirst(changes: readonly InterfaceChange[]): InterfaceChange[] {
  return [...changes.filter((c) => c.class === 'breaking'), ...changes.filter((c) => c.class === 'compatible')];
}
