// `mcpscope eval FILE…`: each eval file's prompts asked of each model, with the
// file's server's tools offered, the tool each reply calls judged; a line per
// prompt and model as it ends, then the report --reporter asks for. Exit 0
// every pair at or above its threshold, 1 one under it, 2 a file could not run
// (or not one model call was answered).

import { basename } from 'node:path';
import {
  listAll,
  ListFailed,
  offeredTools,
  parseEvalFile,
  runEval,
  toolConfusions,
  withRunsAndThreshold,
  type EvalReport,
  type ModelOutcome,
  type ModelRef,
  type ModelRequest,
  type Result,
  type Tool,
} from '../../src/protocol/index.js';
import { readOptions } from '../../options/read.js';
import { OPTIONS, optionsOf, type OptionValues } from '../../options/table.js';
import type { Ask } from '../config-inputs.js';
import { CliError, type UpstreamOpener } from '../connection.js';
import { readTextFile } from '../test/files.js';
import { exitCode, type FileReport, type RunReport } from '../test/report.js';
import { junitXml } from '../test/report-junit.js';
import { tapText } from '../test/report-tap.js';
import { openFileServer } from '../test/run-file.js';
import { asFileReport, cellLines, confusionLines, evalTotals } from './report.js';

export interface EvalModels {
  /** `PROVIDER/MODEL` as written, read; or the sentence that refuses it. */
  parse(text: string): Result<ModelRef>;
  /** One model call; a failure is an outcome. */
  generate(request: ModelRequest, timeoutMs: number): Promise<ModelOutcome>;
}

export interface EvalIo {
  out: (line: string) => void;
  err: (line: string) => void;
  ask?: Ask;
}

/** Whether the command line is `mcpscope [options] eval …`. */
export function isEvalCommand(argv: readonly string[]): boolean {
  const read = readOptions(argv, 'cli');
  return read.ok && read.value.positionals[0] === 'eval';
}

const TAKEN = new Set(['model', 'runs', 'threshold', 'modelBaseUrl', 'modelTimeout', 'reporter', 'verbose', 'json', 'help']);

function usage(io: EvalIo, problem: string): 2 {
  io.err(`mcpscope: ${problem}`);
  io.err('Usage: mcpscope eval [--model PROVIDER/MODEL]… [--runs N] [--threshold RATE] [--reporter text|junit|json|tap] FILE…');
  return 2;
}

/** The command line of `mcpscope eval`, or the sentence that refuses it. */
export function evalArgs(argv: readonly string[]): { files: string[]; values: OptionValues } | string {
  const read = readOptions(argv, 'cli');
  if (!read.ok) return read.error;
  const { values, positionals } = read.value;
  const stray = optionsOf('cli').find(([name]) => values[name] !== undefined && !TAKEN.has(name));
  if (stray) return `${stray[1].flag} does not go with eval: each eval file names its server; the models come from --model or the file.`;
  const files = positionals.slice(1);
  if (files.length === 0) return 'eval needs at least one eval file, e.g. mcpscope eval evals/tools.eval.yaml.';
  if (values.json && values.reporter !== undefined && values.reporter !== 'json')
    return `Give ${OPTIONS.json.flag} or ${OPTIONS.reporter.flag} ${values.reporter}, not both.`;
  return { files, values };
}

interface FileRun {
  report: FileReport;
  eval?: EvalReport;
}

async function runFile(
  path: string,
  values: OptionValues,
  models: EvalModels,
  io: EvalIo,
  say: (line: string) => void,
  opener?: UpstreamOpener,
): Promise<FileRun> {
  const started = performance.now();
  const base = { startedAt: new Date().toISOString(), durationMs: 0 };
  const failed = (error: string): FileRun => ({
    report: { ...base, file: path, name: basename(path), error, steps: [], durationMs: performance.now() - started },
  });
  const text = readTextFile(path);
  if (!text.ok) return failed(text.error);
  const parsed = parseEvalFile(text.value, basename(path).replace(/\.ya?ml$/i, ''));
  if (!parsed.ok) return failed(`${path}: ${parsed.error.message}`);
  const file = withRunsAndThreshold(parsed.value, values);
  const written = values.model ?? file.models;
  if (written.length === 0) return failed(`${path} names no model: add "models: [PROVIDER/MODEL]" to it, or give ${OPTIONS.model.flag} PROVIDER/MODEL.`);
  const refs: Array<{ ref: ModelRef; label: string }> = [];
  for (const label of written) {
    const ref = models.parse(label);
    if (!ref.ok) return failed(ref.error);
    refs.push({ ref: ref.value, label });
  }
  const opened = await openFileServer(file, path, {
    notice: (line) => io.err(`mcpscope: ${line}`),
    ...(values.verbose ? { trace: (line: string) => io.err(line) } : {}),
    ...(opener ? { opener } : {}),
    ...(io.ask ? { ask: io.ask } : {}),
  });
  if ('error' in opened) return failed(opened.error);
  const { c } = opened;
  try {
    let listed: Tool[];
    try {
      listed = (await listAll<Tool>(c, 'tools')).items;
    } catch (e) {
      if (e instanceof ListFailed || e instanceof CliError)
        return failed(`tools/list failed: ${e.message}${e instanceof ListFailed ? c.undeclared(e.method) : ''}`);
      throw e;
    }
    const tools = offeredTools(file, listed);
    if (!tools.ok) return failed(`${path}: ${tools.error}`);
    const server = `${c.info?.serverInfo.name ?? 'server'} ${c.info?.serverInfo.version ?? ''}`.trim();
    say(`${path} — ${file.name} (${server}; ${tools.value.length} tools offered)`);
    const report = await runEval(file, tools.value, {
      models: refs,
      tools: listed,
      generate: (request, timeoutMs) => models.generate(request, timeoutMs),
      ...(values.verbose
        ? {
            onRun: (p) =>
              io.err(
                `  ${p.prompt.name} · ${p.model} #${p.run}: ${'failure' in p.outcome ? `failed: ${p.outcome.failure}` : p.outcome.judged.pass ? 'right' : p.outcome.judged.reason}`,
              ),
          }
        : {}),
    });
    for (const cell of report.cells) for (const line of cellLines(cell)) say(line);
    for (const line of confusionLines(toolConfusions(file, report))) say(line);
    const fileReport = asFileReport(path, report, { ...base, server, durationMs: performance.now() - started });
    if (report.notAsked !== undefined) fileReport.error = `${path}: ${report.notAsked}`;
    else if (report.nothingJudged) fileReport.error = 'not one model call was answered, so nothing could be judged (see the reasons above).';
    return { report: fileReport, eval: report };
  } finally {
    await c.close();
    await opened.auth?.close();
  }
}

/** `models`: how model refs are read and models asked, given the command line's options (the CLI's providers, or a test's). */
export async function runEvalCommand(
  argv: readonly string[],
  io: EvalIo,
  modelsFor: (values: OptionValues) => EvalModels,
  opener?: UpstreamOpener,
): Promise<number> {
  const args = evalArgs(argv);
  if (typeof args === 'string') return usage(io, args);
  const models = modelsFor(args.values);
  const reporter = args.values.json ? 'json' : (args.values.reporter ?? 'text');
  const say = reporter === 'text' ? io.out : io.err;
  const started = performance.now();
  const runs: FileRun[] = [];
  for (const file of args.files) {
    const run = await runFile(file, args.values, models, io, say, opener);
    if (run.report.error !== undefined) say(`${file}: could not run: ${run.report.error}`);
    runs.push(run);
  }
  const durationMs = performance.now() - started;
  const report: RunReport = { name: 'mcpscope eval', files: runs.map((r) => r.report), durationMs };
  say('');
  say(
    evalTotals(
      runs.flatMap((r) => (r.eval ? [r.eval] : [])),
      runs.filter((r) => r.report.error !== undefined).length,
      durationMs,
    ),
  );
  const code = exitCode(report);
  if (reporter === 'junit') io.out(junitXml(report));
  else if (reporter === 'tap') io.out(tapText(report));
  else if (reporter === 'json')
    io.out(JSON.stringify({ files: runs.map((r) => ({ file: r.report.file, error: r.report.error, ...r.eval })), exitCode: code }, null, 2));
  return code;
}
