// Judging one step against its expectations. Every failure is a sentence that
// names the expectation and says what was found instead.

import type { JsonRpcErrorObject } from '../jsonrpc/codec.js';
import { isRecord } from '../json/guards.js';
import { failureSentence, providerRefusals } from '../lint/providers/lint.js';
import { toolCountFailures, toolCountSentence } from '../lint/providers/tool-count.js';
import type { Finding } from '../lint/state.js';
import { serverPattern } from '../schema/pattern.js';
import { formatProblems, validateAgainstSchema } from '../schema/validate.js';
import { formatDuration } from '../text/format.js';
import type { Expectations, ListKind, TextExpectation, ValueExpectation } from './format.js';
import { interfaceOf, itemKey } from './interface.js';
import { firstDifference, shown, subsetMismatch } from './json-compare.js';
import { withoutPaths } from './paths.js';

export interface StepOutcome {
  /** What the step produced: the result (a tool's, a read's, a prompt's, a list's), or a notification's params. */
  result: unknown;
  /** For a list step: what was listed, and its items. */
  list?: { kind: ListKind; items: unknown[] };
  /** The lint findings on this step's frames. */
  findings: readonly Finding[];
  /** For a ping step: the 95th percentile of the round trips that were answered. */
  p95Ms?: number;
  /** The tool definitions a `providers` expectation judges: those listed, or the one called. */
  tools?: readonly unknown[];
  /** The JSON-RPC error the request was answered with (then there is no result). */
  error?: JsonRpcErrorObject;
}

/** The snapshots kept for this step (undefined: none yet), and whether to replace them. */
export interface StepSnapshots {
  snapshot?: unknown;
  interface?: unknown;
  update: boolean;
}

export interface StepVerdict {
  failures: string[];
  /** Said beside the verdict: a snapshot created or updated. */
  notes: string[];
  /** Snapshots to store (created, or updated with --update). */
  write: { snapshot?: unknown; interface?: unknown };
}

export function valueFailures(label: string, e: ValueExpectation, value: unknown): string[] {
  const out: string[] = [];
  if (e.schema !== undefined) {
    const v = validateAgainstSchema(e.schema, value);
    if ('schemaError' in v) out.push(`${label}schema: the schema in the test cannot be used: ${v.schemaError}`);
    else if (!v.valid) out.push(`${label}schema: ${formatProblems(v.problems).join('; ')}`);
  }
  if (e.match !== undefined) {
    const mismatch = subsetMismatch(e.match, value);
    if (mismatch !== undefined) out.push(`${label}match: ${mismatch}`);
  }
  return out;
}

/** The text of a result's blocks: a tool's content, a read's contents, a prompt's messages. */
export function textOf(result: unknown): string {
  if (!isRecord(result)) return '';
  const blocks: unknown[] = [];
  for (const list of [result.content, result.contents]) if (Array.isArray(list)) blocks.push(...list);
  if (Array.isArray(result.messages)) for (const m of result.messages) if (isRecord(m)) blocks.push(...(Array.isArray(m.content) ? m.content : [m.content]));
  return blocks.flatMap((b) => (isRecord(b) && typeof b.text === 'string' ? [b.text] : [])).join('\n');
}

function textFailures(label: string, e: TextExpectation, text: string): string[] {
  const out = e.contains.filter((c) => !text.includes(c)).map((c) => `${label}.contains: ${JSON.stringify(c)} is not in the text ${shown(text)}`);
  if (e.matches !== undefined) {
    const pattern = serverPattern(e.matches);
    if (pattern.status !== 'checked') out.push(`${label}.matches: ${pattern.message}`);
    else if (!pattern.test(text)) out.push(`${label}.matches: /${e.matches}/ does not match the text ${shown(text)}`);
  }
  return out;
}

/** Each failure of the tools judged, with its rule, tool, schema path and rewrite; more tools than a provider takes; a named tool not there. */
function providersFailures(e: NonNullable<Expectations['providers']>, tools: readonly unknown[]): string[] {
  const nameOf = (t: unknown) => (isRecord(t) && typeof t.name === 'string' ? t.name : undefined);
  const names = tools.map(nameOf);
  const missing = (e.tools ?? []).filter((n) => !names.includes(n));
  const judged = e.tools ? tools.filter((t) => e.tools!.includes(nameOf(t) ?? '')) : tools;
  return [
    ...missing.map((n) => `providers: there is no tool named "${n}" in the list; it has ${names.filter(Boolean).join(', ') || 'none'}`),
    ...judged.flatMap((t, i) => providerRefusals(t, e.strict, `tools[${i}]`)).map((f) => `providers: ${f.rule}: ${failureSentence(f)}`),
    ...toolCountFailures(judged.length, e.strict).map((f) => `providers: ${f.rule}: ${toolCountSentence(f)}`),
  ];
}

function errorFailures(e: NonNullable<Expectations['error']>, outcome: StepOutcome): string[] {
  const error = outcome.error;
  if (error === undefined) {
    const toolError = isRecord(outcome.result) && outcome.result.isError === true;
    return [`error: expected a JSON-RPC error, got ${toolError ? 'a tool error (isError: true; expect that with isError: true)' : 'a result'}`];
  }
  const out: string[] = [];
  if (e.code !== undefined && error.code !== e.code) out.push(`error.code: expected ${e.code}, got ${error.code} (${shown(error.message)})`);
  if (e.message) out.push(...textFailures('error.message', e.message, error.message));
  return out;
}

function lintFailures(e: NonNullable<Expectations['lint']>, findings: readonly Finding[]): string[] {
  const about = findings.filter((f) => f.subject === 'server');
  const hits = e === 'none' ? about.filter((f) => f.severity === 'error') : about.filter((f) => (e as readonly string[]).includes(f.rule));
  return hits.map((f) => `lint: ${f.rule} (${f.severity}): ${f.message}`);
}

/** Compared with the stored value, or stored when there is none (or --update). */
function snapshotCheck(
  what: 'snapshot' | 'interface',
  now: unknown,
  stored: unknown,
  update: boolean,
  verdict: StepVerdict,
  describe: (stored: unknown) => string | undefined,
): void {
  if (stored === undefined) {
    verdict.write[what] = now;
    verdict.notes.push(`${what} created`);
    return;
  }
  const difference = describe(stored);
  if (difference === undefined) return;
  if (update) {
    verdict.write[what] = now;
    verdict.notes.push(`${what} updated`);
  } else verdict.failures.push(`${what}: ${difference} (run with --update to accept the change)`);
}

/** What changed in a listed interface: the names added and removed, else the first field that differs. */
function interfaceDifference(kind: ListKind, stored: unknown, now: Array<Record<string, unknown>>): string | undefined {
  const before = Array.isArray(stored) ? stored : [];
  const names = (items: readonly unknown[]) => new Set(items.map((i) => itemKey(kind, i)));
  const [was, is] = [names(before), names(now)];
  const removed = [...was].filter((n) => !is.has(n));
  const added = [...is].filter((n) => !was.has(n));
  if (removed.length || added.length) {
    return [removed.length ? `removed ${removed.join(', ')}` : '', added.length ? `added ${added.join(', ')}` : ''].filter(Boolean).join('; ');
  }
  const d = firstDifference(before, now);
  return d === undefined ? undefined : `changed at ${d}`;
}

export function judgeStep(e: Expectations, outcome: StepOutcome, snapshots: StepSnapshots): StepVerdict {
  const verdict: StepVerdict = { failures: [], notes: [], write: {} };
  const { result } = outcome;
  if (e.isError !== undefined) {
    const isError = isRecord(result) && result.isError === true;
    if (isError !== e.isError) {
      verdict.failures.push(
        e.isError ? 'isError: expected a tool error, got a result' : `isError: expected a result, got a tool error: ${shown(textOf(result))}`,
      );
    }
  }
  verdict.failures.push(...valueFailures('', e, result));
  if (e.structuredContent) {
    const sc = isRecord(result) ? result.structuredContent : undefined;
    if (sc === undefined) verdict.failures.push('structuredContent: the result has none');
    else verdict.failures.push(...valueFailures('structuredContent.', e.structuredContent, sc));
  }
  if (e.text) verdict.failures.push(...textFailures('text', e.text, textOf(result)));
  if (e.error) verdict.failures.push(...errorFailures(e.error, outcome));
  if (e.providers) verdict.failures.push(...providersFailures(e.providers, outcome.tools ?? []));
  if (e.lint) verdict.failures.push(...lintFailures(e.lint, outcome.findings));
  if (e.latency) {
    const p95 = outcome.p95Ms;
    if (p95 === undefined) verdict.failures.push('latency: no ping was answered, so there is no p95');
    else if (p95 > e.latency.p95) verdict.failures.push(`latency: p95 ${formatDuration(p95)} is over the ${formatDuration(e.latency.p95)} allowed`);
  }
  if (e.snapshot) {
    const now = withoutPaths(result, e.snapshot.ignore);
    snapshotCheck('snapshot', now, snapshots.snapshot, snapshots.update, verdict, (stored) => firstDifference(stored, now));
  }
  if (e.interface && outcome.list) {
    const { kind, items } = outcome.list;
    const now = withoutPaths(interfaceOf(kind, items), e.interface.ignore) as Array<Record<string, unknown>>;
    snapshotCheck('interface', now, snapshots.interface, snapshots.update, verdict, (stored) => interfaceDifference(kind, stored, now));
  }
  return verdict;
}
