// A test file made from recorded exchanges (a capture's, or the page's own
// log): each tools/call, resources/read and prompts/get the client sent, with
// its arguments, and the result it got as the step's `match` — its volatile
// fields (timestamps, ids) left out and named in a comment above the step.
// `from-capture.ts` and `from-log.ts` give the server and the exchanges.

import { Document, isMap } from 'yaml';
import type { LogRecord } from '../capture/record.js';
import { isRecord } from '../json/guards.js';
import { parseJson } from '../jsonrpc/codec.js';
import { err, ok, type Result } from '../result.js';
import { isVersionChoice } from '../versions.js';
import { parseTestFile } from './parse.js';
import { withoutVolatile } from './volatile.js';

type Step = { call: string; arguments: Record<string, unknown> } | { read: string } | { prompt: string; arguments: Record<string, string> };

/** One request the client sent and the result it got. */
export interface TestExchange {
  method: string;
  params: Record<string, unknown>;
  result: unknown;
  /** Says it in a note when it is left out: "record 5". */
  where: string;
}

export interface BuiltTest {
  /** The test file's text. */
  yaml: string;
  /** How many steps it has. */
  steps: number;
  /** What was left out, one sentence each (also comments in the file). */
  notes: string[];
}

export interface TestSource {
  /** The test's name. */
  name: string;
  /** The `server` of the file, as YAML writes it (command and args, or url and headers). */
  server: Record<string, unknown>;
  /** The header comment's lines: where the file came from, what was left out of the server. */
  comment: string[];
  protocolVersion?: string;
  exchanges: readonly TestExchange[];
  /** What was left out already (exchanges that were not answered with a result). */
  notes: readonly string[];
}

/** The methods that become steps. */
export const STEP_METHODS: readonly string[] = ['tools/call', 'resources/read', 'prompts/get'];

/** The step a request stands for, or why it is left out. */
function stepOf(method: string, params: Record<string, unknown>): Step | string {
  const args = isRecord(params.arguments) ? params.arguments : {};
  if (method === 'tools/call' && typeof params.name === 'string') {
    if (params.task !== undefined) return `tools/call ${params.name} was called as a task`;
    if (params.inputResponses !== undefined || params.requestState !== undefined) return `tools/call ${params.name} is a later round of a multi-round request`;
    return { call: params.name, arguments: args };
  }
  if (method === 'resources/read' && typeof params.uri === 'string') return { read: params.uri };
  if (method === 'prompts/get' && typeof params.name === 'string') {
    if (Object.values(args).some((v) => typeof v !== 'string')) return `prompts/get ${params.name} has arguments that are not text`;
    return { prompt: params.name, arguments: args as Record<string, string> };
  }
  return `a ${method} without its name or URI`;
}

const frame = (r: LogRecord): Record<string, unknown> | undefined => {
  const parsed = parseJson(r.raw);
  return parsed.ok && isRecord(parsed.value) ? parsed.value : undefined;
};

export interface RecordedExchanges {
  exchanges: TestExchange[];
  notes: string[];
  /** The version the client asked for in its initialize, if it sent one. */
  initializeVersion?: string;
}

/** The answered tools/call, resources/read and prompts/get requests of a recorded session, in the order sent. */
export function exchangesOf(records: readonly LogRecord[]): RecordedExchanges {
  const answers = new Map<number, LogRecord>();
  for (const r of records) if (r.direction === 'in' && r.pair !== undefined) answers.set(r.pair, r);
  const out: RecordedExchanges = { exchanges: [], notes: [] };
  for (const r of records) {
    if (r.direction !== 'out' || r.kind !== 'request' || r.method === undefined) continue;
    const request = frame(r);
    const params = isRecord(request?.params) ? request.params : {};
    if (r.method === 'initialize' && out.initializeVersion === undefined && typeof params.protocolVersion === 'string')
      out.initializeVersion = params.protocolVersion;
    if (!STEP_METHODS.includes(r.method)) continue;
    const answer = answers.get(r.seq);
    const response = answer ? frame(answer) : undefined;
    if (!response || !Object.hasOwn(response, 'result')) {
      out.notes.push(`Left out ${r.method} of record ${r.seq}: ${response ? 'it was answered with an error' : 'it has no answer'}.`);
      continue;
    }
    out.exchanges.push({ method: r.method, params, result: response.result, where: `record ${r.seq}` });
  }
  return out;
}

/** The test file, read back by the parser before it is given out. */
export function buildTestFile(source: TestSource): Result<BuiltTest> {
  const notes = [...source.notes];
  const steps: Array<{ step: Record<string, unknown>; volatile: string[] }> = [];
  for (const x of source.exchanges) {
    const step = stepOf(x.method, x.params);
    if (typeof step === 'string') {
      notes.push(`Left out ${x.where}: ${step}.`);
      continue;
    }
    if (isRecord(x.result) && x.result.resultType === 'input_required') {
      notes.push(`Left out ${x.method} of ${x.where}: the server asked for input (a multi-round request).`);
      continue;
    }
    const { kept, paths } = withoutVolatile(x.result);
    const isError = 'call' in step ? { isError: isRecord(x.result) && x.result.isError === true } : {};
    steps.push({ step: { ...step, expect: { ...isError, match: kept } }, volatile: paths });
  }
  if (steps.length === 0)
    return err(`There is no tools/call, resources/read or prompts/get with a result to make a step of.${notes.length ? ` ${notes.join(' ')}` : ''}`);
  const doc = new Document({
    name: source.name,
    server: source.server,
    ...(source.protocolVersion !== undefined && isVersionChoice(source.protocolVersion) ? { protocolVersion: source.protocolVersion } : {}),
    steps: steps.map((s) => s.step),
  });
  steps.forEach((s, i) => {
    const node = doc.getIn(['steps', i], true);
    if (s.volatile.length && isMap(node)) node.commentBefore = ` Left out of match, as they change from run to run: ${s.volatile.join(', ')}`;
  });
  doc.commentBefore = [...source.comment, ...notes].map((line) => ` ${line}`).join('\n');
  const yaml = doc.toString({ lineWidth: 0 });
  const parsed = parseTestFile(yaml, source.name);
  if (!parsed.ok) return err(`The test file made from them cannot be read back: ${parsed.error.message}`);
  return ok({ yaml, steps: steps.length, notes });
}
