// `mcpscope lint CAPTURE.jsonl`: a capture (the Log's Export, or what
// `mcpscope wrap` recorded) linted headless by the passive linter, as the page
// lints it: the findings about each side, grouped as `check` prints its own,
// then the round trips per method. Exit 0 clean, 1 on an error finding, 2 when
// the file, or any line of it, cannot be read (the rest is still linted and
// printed: a verdict over a capture with frames missing is not one to trust).

import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import {
  LatencyStats,
  PassiveLinter,
  appRuleSet,
  createBridgeLinter,
  isRecord,
  listedTools,
  type BridgeLinter,
  type LogRecord,
  formatDuration,
  parseLogFile,
  plural,
  type Finding,
  type LogHeader,
  type LogLineProblem,
  type MethodLatency,
} from '../src/protocol/index.js';
import { readOptions } from '../options/read.js';
import { OPTIONS, type OptionValues } from '../options/table.js';
import { refused, type Checked } from '../options/values.js';
import { table } from './format.js';

/** The tools of a server's tools/list answer, for the visibility of those its apps call. */
function toolsOf(record: LogRecord): readonly unknown[] | undefined {
  if (record.direction !== 'in' || !record.raw.includes('"tools"')) return undefined;
  try {
    const message: unknown = JSON.parse(record.raw);
    return isRecord(message) ? listedTools(message.result) : undefined;
  } catch {
    return undefined;
  }
}

export interface LintCaptureCommand {
  name: 'lint';
  capture: string;
  json: boolean;
}

/** A string in V8 holds about 512 MiB; a capture larger than this is refused with a sentence, not a crash. */
const MAX_CAPTURE_BYTES = 256 * 1024 * 1024;
/** Bad lines named on stderr; the rest are counted. */
const PROBLEMS_SHOWN = 10;
/** Seqs listed per grouped finding. */
const SEQS_SHOWN = 5;

/** `lint FILE` (only --json goes with it); undefined when the command is another (or --help was asked for). */
export function lintCommandOf(argv: readonly string[]): Checked<LintCaptureCommand> | undefined {
  const read = readOptions(argv, 'cli');
  if (!read.ok || read.value.values.help || read.value.positionals[0] !== 'lint') return undefined;
  const { values, positionals } = read.value;
  const [, capture, extra] = positionals;
  if (capture === undefined)
    return refused('lint needs the capture to read, e.g. lint capture.jsonl (a file saved with Export log or written by mcpscope wrap).');
  if (extra !== undefined) return refused(`Unexpected ${JSON.stringify(extra)} after "lint ${capture}": lint reads one capture.`);
  const other = (Object.keys(values) as Array<keyof OptionValues>).find((name) => values[name] !== undefined && name !== 'json');
  if (other !== undefined) return refused(`lint reads a capture and connects to no server: it takes --json only, not ${OPTIONS[other].flag}.`);
  return { ok: true, value: { name: 'lint', capture, json: values.json === true } };
}

export interface CaptureFinding extends Pick<Finding, 'rule' | 'severity' | 'message' | 'specUrl' | 'subject'> {
  seq?: number;
  connection: number;
}

export interface CaptureLintReport {
  capture: string;
  server: LogHeader['server'];
  records: number;
  /** Lines that could not be read (skipped), as Import names them. */
  problems: LogLineProblem[];
  findings: CaptureFinding[];
  latency: MethodLatency[];
  errors: number;
  warnings: number;
  ok: boolean;
}

function readCapture(path: string): Checked<string> {
  let fd: number | undefined;
  try {
    // O_NONBLOCK: a FIFO given by mistake is not waited on.
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const stat = fstatSync(fd);
    if (!stat.isFile()) return refused(`${path} is not a file: give a capture saved with Export log or written by mcpscope wrap.`);
    if (stat.size > MAX_CAPTURE_BYTES) {
      return refused(`${path} is ${stat.size.toLocaleString('en')} bytes, more than the ${MAX_CAPTURE_BYTES.toLocaleString('en')} lint reads at once.`);
    }
    return { ok: true, value: readFileSync(fd, 'utf8') };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return refused(code === 'ENOENT' ? `${path}: there is no such file.` : `${path} could not be read (${code ?? String(err)}).`);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Lints the capture; a sentence when it cannot be read. */
export function lintCapture(path: string): Checked<CaptureLintReport> {
  const text = readCapture(path);
  if (!text.ok) return text;
  const parsed = parseLogFile(text.value);
  if (!parsed.ok) return refused(`Could not open ${path}. ${parsed.error}`);
  const findings: CaptureFinding[] = [];
  const latency = new LatencyStats();
  // A capture of the page's Log may hold several connections: each is its own session, with a linter of its own.
  const linters = new Map<number, PassiveLinter>();
  // An app's bridge messages (the Log's app channel) go to a bridge linter per app instance, as in the page.
  const bridges = new Map<string, BridgeLinter>();
  const tools = new Map<number, readonly unknown[]>();
  for (const record of parsed.records) {
    if (record.channel) {
      const key = `${record.connection} ${record.channel.app}`;
      let bridge = bridges.get(key);
      if (!bridge) bridges.set(key, (bridge = createBridgeLinter({ tools: tools.get(record.connection) ?? [] })));
      if (record.direction === 'in' || record.direction === 'out') {
        const found = bridge.message(record.direction === 'out' ? 'host-to-app' : 'app-to-host', record.raw, record.seq);
        for (const f of found) findings.push({ ...f, connection: record.connection });
      }
      continue;
    }
    const listed = toolsOf(record);
    if (listed) tools.set(record.connection, listed);
    let linter = linters.get(record.connection);
    if (!linter) linters.set(record.connection, (linter = new PassiveLinter({ ruleSets: [appRuleSet] })));
    for (const f of linter.record(record)) findings.push({ ...f, connection: record.connection });
    latency.add(record);
  }
  const errors = findings.filter((f) => f.severity === 'error').length;
  const warnings = findings.filter((f) => f.severity === 'warning').length;
  return {
    ok: true,
    value: {
      capture: path,
      server: parsed.header.server,
      records: parsed.records.length,
      problems: parsed.problems,
      findings,
      latency: latency.table(),
      errors,
      warnings,
      ok: errors === 0,
    },
  };
}

const SIDE_TITLE = { client: 'Lint findings about the client (the host, when wrapped):', server: 'Lint findings about the server:' } as const;

function seqList(seqs: readonly number[]): string {
  const shown = seqs.slice(0, SEQS_SHOWN).map((s) => `#${s}`);
  return seqs.length > SEQS_SHOWN ? `${shown.join(' ')} …` : shown.join(' ');
}

/** The same finding on many frames is one line with its frames and a count, as `check` prints them. */
function findingLines(findings: readonly CaptureFinding[]): string[] {
  const lines: string[] = [];
  for (const side of ['client', 'server'] as const) {
    const grouped = new Map<string, { severity: string; rule: string; message: string; seqs: number[]; count: number }>();
    for (const f of findings) {
      if (f.subject !== side) continue;
      const key = `${f.rule}\u0000${f.message}`;
      const g = grouped.get(key) ?? { severity: f.severity, rule: f.rule, message: f.message, seqs: [], count: 0 };
      grouped.set(key, g);
      g.count++;
      if (f.seq !== undefined) g.seqs.push(f.seq);
    }
    if (grouped.size === 0) continue;
    lines.push(SIDE_TITLE[side]);
    lines.push(...table([...grouped.values()].map((g) => [g.severity, g.rule, seqList(g.seqs), g.count > 1 ? `×${g.count}` : '', g.message])));
    lines.push('');
  }
  return lines;
}

const ms = (v: number | undefined) => (v === undefined ? '—' : formatDuration(v));

export function latencyLines(rows: readonly MethodLatency[]): string[] {
  if (rows.length === 0) return ['Latency by method: no requests in this capture.', ''];
  return [
    'Latency by method:',
    ...table([
      ['requests of', 'method', 'count', 'errors', 'unanswered', 'p50', 'p95', 'max'],
      ...rows.map((r) => [r.side, r.method, String(r.count), String(r.errors), String(r.unanswered), ms(r.p50), ms(r.p95), ms(r.max)]),
    ]),
    '',
  ];
}

export function captureReportText(r: CaptureLintReport): string[] {
  const server = r.server?.name ? `${r.server.name}${r.server.version ? ` ${r.server.version}` : ''}` : 'server not named';
  const lines = [`mcpscope lint: ${r.capture} (${server}), ${plural(r.records, 'record')}`, ''];
  lines.push(...findingLines(r.findings));
  lines.push(...latencyLines(r.latency));
  lines.push(r.ok ? `OK: no errors, ${plural(r.warnings, 'warning')}.` : `FAILED: ${plural(r.errors, 'error')}, ${plural(r.warnings, 'warning')}.`);
  return lines;
}

/** The exit code: 2 when lines were skipped, else 1 on an error finding. */
export function captureExitCode(r: CaptureLintReport): number {
  return r.problems.length > 0 ? 2 : r.ok ? 0 : 1;
}

/** What Import says of lines it skipped, for stderr. */
export function problemLines(r: CaptureLintReport): string[] {
  if (r.problems.length === 0) return [];
  const n = r.problems.length;
  return [
    `mcpscope: ${r.capture}: ${plural(n, 'line')} could not be read and ${n === 1 ? 'was' : 'were'} skipped; the other records were linted:`,
    ...r.problems.slice(0, PROBLEMS_SHOWN).map((p) => `  line ${p.line}: ${p.message}`),
    ...(n > PROBLEMS_SHOWN ? [`  …and ${n - PROBLEMS_SHOWN} more.`] : []),
  ];
}
