// The CLI's everyday commands. Each returns what to print (text and JSON)
// and whether it succeeded.

import {
  listAll,
  ListFailed,
  outcomeMessage,
  plural,
  figuresOf,
  systemClock,
  formatDuration,
  isTaskHandle,
  taskGenerationOf,
  toolTaskSupport,
  toolHeaderRejection,
  formatProblems,
  validateAgainstSchema,
  type CallToolResult,
  type PingSample,
  type Prompt,
  type Resource,
  type Tool,
} from '../src/protocol/index.js';
import type { CliCommand } from './args.js';
import { runComplete } from './complete.js';
import { CliError, type CliConnection } from './connection.js';
import { describeContent, describeContents, toolResult } from './format.js';
import { callAsTask, followTaskHandle } from './tool-task.js';
import { urlElicitationRequiredNote } from './url-elicitation.js';
import { roundTrip } from './round-trip.js';

export interface CommandResult {
  ok: boolean;
  text: string[];
  json: unknown;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function list<T>(c: CliConnection, key: 'tools' | 'resources' | 'prompts'): Promise<T[]> {
  try {
    return (await listAll<T>(c, key)).items;
  } catch (e) {
    if (e instanceof ListFailed) throw new CliError(`${e.message}${c.undeclared(e.method)}`);
    throw e;
  }
}

/** An empty list says so rather than printing nothing. */
function orNone(lines: string[], what: string): string[] {
  return lines.length ? lines : [`The server lists no ${what}.`];
}

/**
 * --arg values: strings for string-typed properties, JSON where it parses otherwise.
 * Names are the server's and the user's: kept in a Map, and fromEntries makes
 * even "__proto__" an ordinary argument.
 */
export function argumentsFrom(pairs: Array<[string, string]>, schema: unknown, json?: string): Record<string, unknown> {
  const args = new Map<string, unknown>();
  if (json !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch (e) {
      throw new CliError(`--args is not JSON: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new CliError('--args must be a JSON object.');
    for (const [k, v] of Object.entries(parsed)) args.set(k, v);
  }
  const props = typeof schema === 'object' && schema !== null ? ((schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {}) : {};
  for (const [k, v] of pairs) {
    const type = Object.hasOwn(props, k) ? props[k]?.type : undefined;
    if (type === 'string' || (Array.isArray(type) && type.includes('string') && !type.includes('number') && !type.includes('integer'))) {
      args.set(k, v);
      continue;
    }
    try {
      args.set(k, JSON.parse(v));
    } catch {
      args.set(k, v);
    }
  }
  return Object.fromEntries(args);
}

/**
 * The arguments checked against the tool's inputSchema before sending, with the page's validation:
 * a mismatch (or a schema that cannot be used) is refused with each problem and --send-anyway.
 * What could not be checked (too deep, patterns not run) is said, and the call goes out.
 */
export function checkArguments(tool: Tool, args: Record<string, unknown>, notice: (line: string) => void): void {
  const verdict = validateAgainstSchema(tool.inputSchema, args);
  for (const line of ('notChecked' in verdict ? verdict.notChecked : undefined) ?? []) notice(line);
  if (verdict.valid) return;
  if ('schemaError' in verdict) {
    if (verdict.beyondLimits) {
      notice(`${verdict.schemaError} The arguments of ${tool.name} are sent unchecked.`);
      return;
    }
    throw new CliError(
      `${tool.name} was not called: its inputSchema is not usable, so the arguments cannot be checked. ${verdict.schemaError}\nPass --send-anyway to send them unchecked.`,
    );
  }
  const problems = formatProblems(verdict.problems).map((line) => `  ${line}`);
  throw new CliError(
    `${tool.name} was not called: the arguments do not match the tool's inputSchema:\n${problems.join('\n')}\nFix the --arg or --args values, or pass --send-anyway to send them as they are.`,
  );
}

/** `notice` prints a line on stderr as it happens (a task's status changes). */
export async function runCommand(
  c: CliConnection,
  command: Exclude<CliCommand, { name: 'check' | 'conformance' }>,
  notice: (line: string) => void = () => {},
): Promise<CommandResult> {
  switch (command.name) {
    case 'ping': {
      const samples: PingSample[] = [];
      const text: string[] = [];
      const round = roundTrip(c);
      if (round.note) notice(round.note);
      for (let n = 1; n <= command.count; n++) {
        const at = systemClock.now();
        const outcome = await c.request(round.method);
        const verdict = round.verdict(outcome);
        const sample: PingSample = { n, at, outcome: outcome.status, verdict };
        if (outcome.status === 'result' || outcome.status === 'error') sample.rttMs = outcome.rttMs;
        if (!verdict.compliant) sample.failure = verdict.failures.join('; ');
        samples.push(sample);
        text.push(
          `${round.label} ${n}: ${sample.rttMs !== undefined ? formatDuration(sample.rttMs) : outcome.status} — ${verdict.compliant ? 'Compliant' : verdict.failures.join('; ')}`,
        );
        if (outcome.status === 'closed' || outcome.status === 'refused') break; // the server is gone: no point pinging on
        if (n < command.count) await sleep(command.intervalMs);
      }
      const f = figuresOf(samples, 0);
      if (command.count > 1 && f.p50 !== undefined) {
        text.push(
          `${plural(f.count, round.label, round.labels)}, ${f.misses} missed${f.failures ? `, ${f.failures} failed` : ''}: p50 ${formatDuration(f.p50)}, p95 ${formatDuration(f.p95!)}, max ${formatDuration(f.max!)}`,
        );
      }
      return { ok: samples.every((s) => s.verdict.compliant), text, json: { samples, figures: f } };
    }
    case 'tools list': {
      const tools = await list<Tool>(c, 'tools');
      return {
        ok: true,
        json: tools,
        text: orNone(
          tools.map((t) => `${t.name}${t.title ? ` (${t.title})` : ''}${t.description ? ` — ${t.description}` : ''}`),
          'tools',
        ),
      };
    }
    case 'tools call': {
      const tools = await list<Tool>(c, 'tools');
      const tool = tools.find((t) => t.name === command.tool);
      if (!tool) throw new CliError(`The server has no tool named "${command.tool}". It has: ${tools.map((t) => t.name).join(', ') || 'none'}.`);
      const excluded = c.overHttp && c.info?.era === 'modern' ? toolHeaderRejection(tool) : undefined;
      if (excluded !== undefined) throw new CliError(`${command.tool} was not called. ${excluded}`);
      const args = argumentsFrom(command.args, tool.inputSchema, command.json);
      if (command.sendAnyway !== true) checkArguments(tool, args, notice);
      const modern = taskGenerationOf(c.info?.protocolVersion) === 'modern';
      if (!modern && (command.task || toolTaskSupport(tool, c.info?.capabilities).mode === 'required')) {
        return callAsTask(c, tool, args, command.task === true, notice);
      }
      if (modern && command.task) {
        notice(
          '--task: on 2026-07-28 the server decides whether a call runs as a task (the tasks extension); the call is sent as usual, and a task handle is followed.',
        );
      }
      const outcome = await c.request('tools/call', { name: command.tool, arguments: args });
      if (outcome.status !== 'result')
        return { ok: false, text: [`tools/call failed: ${outcomeMessage(outcome)}${urlElicitationRequiredNote(outcome)}`], json: outcome };
      if (isTaskHandle(outcome.result)) return followTaskHandle(c, outcome.result, notice);
      return toolResult(outcome.result as CallToolResult);
    }
    case 'resources list': {
      const resources = await list<Resource>(c, 'resources');
      return {
        ok: true,
        json: resources,
        text: orNone(
          resources.map((r) => `${r.uri}  ${r.name}${r.mimeType ? ` (${r.mimeType})` : ''}`),
          'resources',
        ),
      };
    }
    case 'resources read': {
      const result = (await c.call('resources/read', { uri: command.uri })) as { contents?: Array<Record<string, unknown>> };
      const text = (result.contents ?? []).map((item) => describeContents(item));
      return { ok: true, json: result, text };
    }
    case 'prompts list': {
      const prompts = await list<Prompt>(c, 'prompts');
      return {
        ok: true,
        json: prompts,
        text: orNone(
          prompts.map(
            (p) =>
              `${p.name}${(p.arguments ?? []).length ? ` (${(p.arguments ?? []).map((a) => `${a.name}${a.required ? '' : '?'}`).join(', ')})` : ''}${p.description ? ` — ${p.description}` : ''}`,
          ),
          'prompts',
        ),
      };
    }
    case 'complete':
      return runComplete(c, command);
    case 'prompts get': {
      const result = (await c.call('prompts/get', { name: command.prompt, arguments: Object.fromEntries(command.args) })) as {
        messages?: Array<{ role: string; content: Record<string, unknown> }>;
      };
      return { ok: true, json: result, text: (result.messages ?? []).map((m) => `${m.role}: ${describeContent(m.content)}`) };
    }
  }
}
