// A capture (mcpscope wrap's, or the Log's export) made into a test file: each
// tools/call, resources/read and prompts/get the client sent, with its
// arguments, and the result it got as the step's snapshot.

import { Document } from 'yaml';
import type { LogHeader } from '../capture/jsonl.js';
import type { LogRecord } from '../capture/record.js';
import { isRecord } from '../json/guards.js';
import { parseJson } from '../jsonrpc/codec.js';
import { err, ok, type Result } from '../result.js';
import { splitArgs } from '../text/split-args.js';
import { isVersionChoice } from '../versions.js';
import { parseTestFile } from './parse.js';
import type { SnapshotStore } from './snapshots.js';

export interface CaptureTest {
  /** The test file's text. */
  yaml: string;
  /** The recorded results, by step name: the test's snapshot file. */
  snapshots: SnapshotStore;
  /** What was left out, one sentence each. */
  notes: string[];
}

type Step = { call: string; arguments: Record<string, unknown> } | { read: string } | { prompt: string; arguments: Record<string, string> };

const frame = (r: LogRecord): Record<string, unknown> | undefined => {
  const parsed = parseJson(r.raw);
  return parsed.ok && isRecord(parsed.value) ? parsed.value : undefined;
};

function serverOf(header: LogHeader): Result<Record<string, unknown>> {
  const s = header.server;
  if (s?.url) return ok({ url: s.url });
  if (s?.command) {
    const words = splitArgs(s.command);
    if (words.ok && words.args.length > 0) return ok({ command: words.args[0], args: words.args.slice(1) });
  }
  return err("The capture's header does not say how its server was reached (no command or url): it cannot become a test file.");
}

/** The step a request stands for, or why it is left out. */
function stepOf(method: string, params: Record<string, unknown>): Step | string {
  const args = isRecord(params.arguments) ? params.arguments : {};
  if (method === 'tools/call' && typeof params.name === 'string') return { call: params.name, arguments: args };
  if (method === 'resources/read' && typeof params.uri === 'string') return { read: params.uri };
  if (method === 'prompts/get' && typeof params.name === 'string') {
    if (Object.values(args).some((v) => typeof v !== 'string')) return `prompts/get ${params.name} has arguments that are not text`;
    return { prompt: params.name, arguments: args as Record<string, string> };
  }
  return `a ${method} without its name or URI`;
}

const STEP_METHODS = ['tools/call', 'resources/read', 'prompts/get'];

export function testFromCapture(header: LogHeader, records: readonly LogRecord[], name: string): Result<CaptureTest> {
  const server = serverOf(header);
  if (!server.ok) return server;
  const answers = new Map<number, LogRecord>();
  for (const r of records) if (r.direction === 'in' && r.pair !== undefined) answers.set(r.pair, r);
  const notes: string[] = [];
  const steps: Array<{ step: Step; result: unknown }> = [];
  let version = header.server?.protocolVersion;
  for (const r of records) {
    if (r.direction !== 'out' || r.kind !== 'request' || r.method === undefined) continue;
    const request = frame(r);
    const params = isRecord(request?.params) ? request.params : {};
    if (r.method === 'initialize' && version === undefined && typeof params.protocolVersion === 'string') version = params.protocolVersion;
    if (!STEP_METHODS.includes(r.method)) continue;
    const step = stepOf(r.method, params);
    if (typeof step === 'string') {
      notes.push(`Left out record ${r.seq}: ${step}.`);
      continue;
    }
    const answer = answers.get(r.seq);
    const response = answer ? frame(answer) : undefined;
    if (!response || !Object.hasOwn(response, 'result')) {
      notes.push(`Left out ${r.method} of record ${r.seq}: ${response ? 'it was answered with an error' : 'the capture has no answer to it'}.`);
      continue;
    }
    if (isRecord(response.result) && response.result.resultType === 'input_required') {
      notes.push(`Left out ${r.method} of record ${r.seq}: the server asked for input (a multi-round request).`);
      continue;
    }
    steps.push({ step, result: response.result });
  }
  if (steps.length === 0)
    return err(`The capture has no tools/call, resources/read or prompts/get with a result to make a step of.${notes.length ? ` ${notes.join(' ')}` : ''}`);
  const expected = (s: { step: Step; result: unknown }) => ({
    ...('call' in s.step ? { isError: isRecord(s.result) && s.result.isError === true } : {}),
    snapshot: true,
  });
  const doc = new Document({
    name,
    server: server.value,
    ...(version !== undefined && isVersionChoice(version) ? { protocolVersion: version } : {}),
    steps: steps.map((s) => ({ ...s.step, expect: expected(s) })),
  });
  doc.commentBefore = ` Made by mcpscope test --from from a capture of ${header.exportedAt}; the results are the snapshots beside it.\n The server as the capture recorded it: relative paths are read from this file's folder.`;
  const yaml = doc.toString({ lineWidth: 0 });
  // The names the runner will give the steps key the snapshots.
  const parsed = parseTestFile(yaml, name);
  if (!parsed.ok) return err(`The test file made from the capture cannot be read back: ${parsed.error.message}`);
  const snapshots: SnapshotStore = new Map(parsed.value.steps.map((s, i) => [s.name, { snapshot: steps[i]!.result }]));
  return ok({ yaml, snapshots, notes });
}
