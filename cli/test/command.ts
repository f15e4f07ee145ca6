// `mcpscope test FILE…`: each test file run in turn against the server it
// names; the steps printed as they end, then the report the --reporter asks
// for. Exit 0 every step passed, 1 a step failed, 2 a file could not run.

import { serverPattern } from '../../src/protocol/index.js';
import { readOptions } from '../../options/read.js';
import { OPTIONS, optionsOf, type OptionValues } from '../../options/table.js';
import type { Ask } from '../config-inputs.js';
import type { UpstreamOpener } from '../connection.js';
import { exitCode, type FileReport, type RunReport } from './report.js';
import { junitXml } from './report-junit.js';
import { tapText } from './report-tap.js';
import { couldNotRun, fileHeader, stepLines, totalsLine } from './report-text.js';
import { runTestFile } from './run-file.js';
import { writeTestFromCapture } from './from-capture.js';

export interface TestIo {
  out: (line: string) => void;
  err: (line: string) => void;
  ask?: Ask;
}

/** Whether the command line is `mcpscope [options] test …`. */
export function isTestCommand(argv: readonly string[]): boolean {
  const read = readOptions(argv, 'cli');
  return read.ok && read.value.positionals[0] === 'test';
}

/** Options of the CLI that mean nothing here: each test file names its server and policies. */
const TAKEN = new Set(['update', 'bail', 'filter', 'reporter', 'from', 'verbose', 'json', 'help']);

interface TestArgs {
  files: string[];
  values: OptionValues;
  selected: (name: string) => boolean;
}

/** The command line of `mcpscope test`, or the sentence that refuses it. */
export function testArgs(argv: readonly string[]): TestArgs | string {
  const read = readOptions(argv, 'cli');
  if (!read.ok) return read.error;
  const { values, positionals } = read.value;
  const stray = optionsOf('cli').find(([name]) => values[name] !== undefined && !TAKEN.has(name));
  if (stray) return `${stray[1].flag} does not go with test: each test file names its server, protocol version, timeout and policies.`;
  const files = positionals.slice(1);
  if (files.length === 0) return 'test needs at least one test file, e.g. mcpscope test tests/server.test.yaml.';
  if (values.json && values.reporter !== undefined && values.reporter !== 'json')
    return `Give ${OPTIONS.json.flag} or ${OPTIONS.reporter.flag} ${values.reporter}, not both.`;
  let selected = (_name: string) => true;
  if (values.filter !== undefined) {
    const pattern = serverPattern(values.filter);
    if (pattern.status !== 'checked') return `${OPTIONS.filter.flag}: ${pattern.message}.`;
    selected = (name) => pattern.test(name);
  }
  return { files, values, selected };
}

function usage(io: TestIo, problem: string): 2 {
  io.err(`mcpscope: ${problem}`);
  io.err('Usage: mcpscope test [--update] [--bail] [--filter PATTERN] [--reporter text|junit|json|tap] FILE…');
  io.err('       mcpscope test --from CAPTURE FILE');
  return 2;
}

export async function runTestCommand(argv: readonly string[], io: TestIo, opener?: UpstreamOpener): Promise<number> {
  const args = testArgs(argv);
  if (typeof args === 'string') return usage(io, args);
  if (args.values.from !== undefined) {
    if (args.files.length !== 1)
      return usage(io, `${OPTIONS.from.flag} CAPTURE takes one test file to write, e.g. mcpscope test --from capture.jsonl tests/replay.test.yaml.`);
    const written = writeTestFromCapture(args.values.from, args.files[0]!);
    if (!written.ok) return usage(io, written.error);
    for (const line of written.value) io.out(line);
    return 0;
  }
  const reporter = args.values.json ? 'json' : (args.values.reporter ?? 'text');
  // The steps as text: on stdout, or on stderr when stdout carries a report for a machine.
  const say = reporter === 'text' ? io.out : io.err;
  const started = performance.now();
  const files: FileReport[] = [];
  let bailed = false;
  for (const file of args.files) {
    if (bailed) {
      files.push({ file, name: file, startedAt: new Date().toISOString(), durationMs: 0, steps: [] });
      say(`${file}: not run (--bail)`);
      continue;
    }
    let headed = false;
    const head = (f: FileReport) => {
      if (!headed) say(fileHeader(f));
      headed = true;
    };
    const run = await runTestFile(file, {
      update: args.values.update === true,
      bail: args.values.bail === true,
      selected: args.selected,
      notice: (line) => io.err(`mcpscope: ${line}`),
      ...(args.values.verbose ? { trace: (line: string) => io.err(line) } : {}),
      onStep: (step, f) => {
        head(f);
        for (const l of stepLines(step)) say(l);
      },
      ...(opener ? { opener } : {}),
      ...(io.ask ? { ask: io.ask } : {}),
    });
    head(run.report);
    if (run.report.error !== undefined) for (const l of couldNotRun(run.report)) say(l);
    files.push(run.report);
    bailed = run.bailed || (args.values.bail === true && run.report.error !== undefined);
  }
  const report: RunReport = { files, durationMs: performance.now() - started };
  say('');
  say(totalsLine(report));
  const code = exitCode(report);
  if (reporter === 'junit') io.out(junitXml(report));
  else if (reporter === 'tap') io.out(tapText(report));
  else if (reporter === 'json') io.out(JSON.stringify({ ...report, exitCode: code }, null, 2));
  return code;
}
