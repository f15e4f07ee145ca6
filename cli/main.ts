// The headless CLI: `mcpscope --stdio "node server.js" ping`. Same session
// engine, same upstreams, same lint rules as the browser UI; no browser.

import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CLI_USAGE, parseCliArgs } from './args.js';
import type { CheckReport } from './check.js';
import { runGenerationsCheck, type GenerationProbe, type GenerationsReport } from './check-generations.js';
import { providerLines } from './check-providers.js';
import { runCommand } from './commands.js';
import { conformanceAuth, conformanceVersion, runConformanceClient } from './conformance.js';
import { applyLogLevel } from './logging.js';
import { CliConnection, CliError, type UpstreamOpener } from './connection.js';
import { CLI_CALLBACK_TIMEOUT_MS, startCliAuthSession, type CliAuthSession } from './auth/session.js';
import { ownValue, plural, probeTimeoutMs, type VersionChoice } from '../src/protocol/index.js';
import { jsonText, table } from './format.js';
import { answerInputs, terminalAsk, type Ask } from './config-inputs.js';
import { oneLine } from '../node/config/one-line.js';
import { parseDiffArgs } from './diff-args.js';
import { runDiff } from './diff.js';
import { captureExitCode, captureReportText, lintCapture, lintCommandOf, problemLines, type LintCaptureCommand } from './lint-capture.js';
import { isTestCommand, runTestCommand } from './test/command.js';
import { isEvalCommand, runEvalCommand } from './eval/command.js';
import { cliEvalModels } from './eval/models.js';
import { checkRunReport } from './test/check-report.js';
import { junitXml } from './test/report-junit.js';
import { tapText } from './test/report-tap.js';

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** Asks the person for a value (--config's inputs); absent when nobody is at a terminal. */
  ask?: Ask;
}

const processIo: CliIo = {
  out: (l) => process.stdout.write(`${l}\n`),
  err: (l) => process.stderr.write(`${l}\n`),
  ...(process.stdin.isTTY && process.stderr.isTTY ? { ask: terminalAsk } : {}),
};

const MARK: Record<string, string> = { pass: '✓', fail: '✗', warn: '!', skip: '–', info: 'i' };

/** The steps and findings of one check, without the verdict line. */
function checkBody(r: CheckReport): string[] {
  const protocol = r.protocolVersion === null ? 'protocol not negotiated (no initialize)' : `protocol ${r.protocolVersion}`;
  const lines = [`mcpscope check: ${r.server.name} ${r.server.version}, ${protocol}`, ''];
  lines.push(...table(r.steps.map((s) => [ownValue(MARK, s.status) ?? '?', s.name, s.detail])));
  lines.push('');
  if (r.findings.length) {
    // The same finding on many frames is one line with a count.
    const grouped = new Map<string, { severity: string; rule: string; message: string; count: number }>();
    for (const f of r.findings) {
      const key = `${f.rule}\u0000${f.message}`;
      const g = grouped.get(key);
      if (g) g.count++;
      else grouped.set(key, { severity: f.severity, rule: f.rule, message: f.message, count: 1 });
    }
    lines.push('Lint findings about the server:');
    lines.push(...table([...grouped.values()].map((g) => [g.severity, g.rule, g.count > 1 ? `×${g.count}` : '', g.message])));
    lines.push('');
  }
  lines.push(...providerLines(r.providers));
  return lines;
}

function verdictLine(r: CheckReport): string {
  return r.ok ? `OK: no errors, ${plural(r.warnings, 'warning')}.` : `FAILED: ${plural(r.errors, 'error')}, ${plural(r.warnings, 'warning')}.`;
}

const SPEAKS: Record<GenerationsReport['generations']['speaks'], string> = {
  legacy: 'legacy only (initialize)',
  modern: 'modern only (2026-07-28)',
  both: 'both legacy and modern',
  neither: 'neither',
};

/** ✓ spoken, – not spoken (information), ✗ could not be found out. */
function generationMark(probe: GenerationProbe): string {
  return probe.speaks ? '✓' : probe.failed ? '✗' : '–';
}

/** Which generations the server speaks, then the check of each. */
export function generationsReportText(r: GenerationsReport): string[] {
  const g = r.generations;
  const lines = [
    `Protocol generations: ${SPEAKS[g.speaks]}`,
    ...table([
      [generationMark(g.legacy), 'legacy', g.legacy.detail],
      [generationMark(g.modern), 'modern', g.modern.detail],
    ]),
    '',
  ];
  return [...lines, ...checkBody(r), ...(r.also ? checkBody(r.also) : []), verdictLine(r)];
}

function jsonOut(value: unknown): string {
  const text = jsonText(value, 2);
  if (text === undefined)
    throw new CliError('The result is nested too deeply to print as JSON. Run without --json to see the rest of it, or add --verbose to see the raw frame.');
  return text;
}

/** Runs the CLI; resolves with the exit code (0 ok, 1 failure, 2 usage). */
export async function main(argv: readonly string[], io: CliIo = processIo, opener?: UpstreamOpener): Promise<number> {
  // `test` takes its servers from the test files, not from the command line.
  if (isTestCommand(argv)) return runTestCommand(argv, io, opener);
  // eval too, and asks the models its command line names.
  if (isEvalCommand(argv)) return runEvalCommand(argv, io, (values) => cliEvalModels(process.env, values), opener);
  // diff names its two servers itself: it has a command line of its own.
  const diff = parseDiffArgs(argv);
  if (diff !== undefined) {
    if (diff.ok) return runDiff(diff.value, io, opener);
    io.err(`mcpscope: ${diff.error}`);
    return 2;
  }
  // lint reads a capture and drives no server.
  const lint = lintCommandOf(argv);
  if (lint?.ok) return runLint(lint.value, io);
  const parsed = lint ?? parseCliArgs(argv);
  if (!parsed.ok) {
    io.err(`mcpscope: ${parsed.error}`);
    io.err(CLI_USAGE.split('\n')[0]!);
    io.err('mcpscope --help lists every command and option.');
    return 2;
  }
  if (parsed.value === 'help') {
    io.out(CLI_USAGE);
    return 0;
  }
  const o = parsed.value;
  if (o.config) {
    for (const note of o.config.server.notes) io.err(`mcpscope: ${oneLine(note)}`);
    const entry = await answerInputs(o.config.server, o.config.answers, io.ask);
    if (!entry.ok) {
      io.err(`mcpscope: ${entry.error}`);
      return 2;
    }
    // The --auth options were put on the file's transport; the answers go in under them.
    o.target =
      o.target.kind === 'http' && entry.value.transport.kind === 'http'
        ? { ...entry.value.transport, ...(o.target.auth ? { auth: o.target.auth } : {}) }
        : entry.value.transport;
  }
  if (o.command.name === 'conformance' && o.target.kind === 'http' && o.target.auth) {
    o.target = { ...o.target, auth: conformanceAuth(o.target.auth, process.env.MCP_CONFORMANCE_CONTEXT) };
  }
  const trace = o.verbose ? (line: string) => io.err(line) : undefined;
  let connection: CliConnection | undefined;
  // --auth: the run's OAuth pieces; connecting may then wait for a person to approve in a browser.
  let auth: CliAuthSession | undefined;
  if (o.target.kind === 'http' && o.target.auth) {
    try {
      auth = await startCliAuthSession({
        remember: o.rememberCredentials,
        say: (line) => io.err(`mcpscope: ${line}`),
        progress: io.err,
        timeoutMs: o.timeoutMs,
      });
    } catch (err) {
      io.err(`mcpscope: --auth could not start its callback listener on 127.0.0.1: ${err instanceof Error ? err.message : String(err)}`);
      return 1;
    }
  }
  const upstreams = opener ?? auth?.opener;
  // With --auth, connecting may include a person approving in a browser: they get CLI_CALLBACK_TIMEOUT_MS more.
  const open = (protocolVersion: VersionChoice, probe = false) => {
    const timeoutMs = probe ? probeTimeoutMs(o.target.kind, o.timeoutMs) : undefined;
    const connectTimeoutMs = auth ? (timeoutMs ?? o.timeoutMs) + CLI_CALLBACK_TIMEOUT_MS : timeoutMs;
    return CliConnection.open(
      o.target,
      {
        protocolVersion: o.command.name === 'conformance' ? conformanceVersion(protocolVersion, process.env.MCP_CONFORMANCE_PROTOCOL_VERSION) : protocolVersion,
        timeoutMs: o.timeoutMs,
        ...(connectTimeoutMs !== undefined ? { connectTimeoutMs } : {}),
        elicitation: o.elicitation,
        ...(o.sampling ? { sampling: o.sampling } : {}),
        withoutInitialize: o.withoutInitialize,
        apps: o.apps,
        ...(o.clientFeatures ? { clientFeatures: o.clientFeatures } : {}),
        roots: o.roots,
        ...(o.maxRounds !== undefined ? { maxRounds: o.maxRounds } : {}),
        notice: (line) => io.err(`mcpscope: ${line}`),
        serverLog: (line) => io.err(line),
        ...(trace ? { trace } : {}),
      },
      upstreams,
    );
  };
  try {
    if (o.command.name === 'check') {
      // Each generation on a fresh connection; --log-level is applied on each.
      const startedAt = new Date();
      const report = await runGenerationsCheck(
        async (version, probe) => {
          const c = await open(version, probe);
          if (o.logLevel !== undefined) await applyLogLevel(c, o.logLevel, (line) => io.err(`mcpscope: ${line}`));
          return c;
        },
        o.protocolVersion,
        o.logLevel,
        o.strictProviders,
      );
      if (o.reporter === 'junit' || o.reporter === 'tap') {
        const run = checkRunReport(report, startedAt, Date.now() - startedAt.getTime());
        io.out(o.reporter === 'junit' ? junitXml(run) : tapText(run));
      } else if (o.json || o.reporter === 'json') io.out(jsonOut(report));
      else for (const l of generationsReportText(report)) io.out(l);
      return report.ok ? 0 : 1;
    }
    connection = await open(o.protocolVersion);
    if (o.logLevel !== undefined) await applyLogLevel(connection, o.logLevel, (line) => io.err(`mcpscope: ${line}`));
    const result =
      o.command.name === 'conformance'
        ? await runConformanceClient(connection)
        : await runCommand(connection, o.command, (line) => io.err(`mcpscope: ${line}`));
    if (o.json) io.out(jsonOut(result.json));
    else for (const l of result.text) io.out(l);
    return result.ok ? 0 : 1;
  } catch (err) {
    if (err instanceof CliError) {
      io.err(`mcpscope: ${err.message}`);
      return 1;
    }
    throw err;
  } finally {
    const note = connection?.closedEarlyNote();
    if (note) io.err(`mcpscope: ${note}`);
    await connection?.close();
    await auth?.close();
  }
}

function runLint(command: LintCaptureCommand, io: CliIo): number {
  const report = lintCapture(command.capture);
  if (!report.ok) {
    io.err(`mcpscope: ${report.error}`);
    return 2;
  }
  for (const l of problemLines(report.value)) io.err(l);
  if (command.json) io.out(jsonOut(report.value));
  else for (const l of captureReportText(report.value)) io.out(l);
  return captureExitCode(report.value);
}

function isEntry(): boolean {
  try {
    return process.argv[1] !== undefined && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntry()) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`mcpscope: unexpected failure: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exit(1);
    },
  );
}
