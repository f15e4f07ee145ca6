// One test file, run: read and checked, its server started with the file's
// policies, each step carried out within its timeout and judged, snapshots
// created or updated, the server stopped.

import { basename } from 'node:path';
import {
  DEFAULT_PROTOCOL_VERSION,
  judgeStep,
  listAll,
  ListFailed,
  parseTestFile,
  snapshotFileFor,
  type Finding,
  type TestFile,
  type TestPolicies,
  type TestStep,
  type Tool,
  type VersionChoice,
} from '../../src/protocol/index.js';
import { CliConnection, CliError, openerSaying, type UpstreamOpener } from '../connection.js';
import type { Ask } from '../config-inputs.js';
import { startCliAuthSession, type CliAuthSession } from '../auth/session.js';
import { loadSnapshots, readTextFile, saveSnapshots } from './files.js';
import { Notifications } from './notifications.js';
import type { FileReport, StepReport } from './report.js';
import { targetOf } from './server.js';
import { lateFailure, runAction, type ActionOutcome, type StepContext } from './steps.js';

export interface RunOptions {
  update: boolean;
  bail: boolean;
  /** Whether a step runs, by its name (--filter). */
  selected: (stepName: string) => boolean;
  /** Said on stderr: how server requests were answered, snapshot files written. */
  notice: (line: string) => void;
  /** Each frame, with --verbose. */
  trace?: (line: string) => void;
  /** Called as each step ends, for reporters that print as they go. */
  onStep?: (step: StepReport, file: FileReport) => void;
  opener?: UpstreamOpener;
  ask?: Ask;
}

const elapsed = (since: number) => performance.now() - since;

/** A server that cannot start is said in the test file's words. */
const openFromTestFile = openerSaying({ command: "the server's command in the test file", cwd: "the server's cwd in the test file" });

/** The outcome, or a failure once the step's timeout has passed (the server may be hung). */
function withinTimeout(work: Promise<ActionOutcome>, timeoutMs: number, late: string, expired: AbortController): Promise<ActionOutcome> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<ActionOutcome>((resolve) => {
    timer = setTimeout(() => {
      expired.abort();
      resolve({ failure: late });
    }, timeoutMs);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

function skipped(step: TestStep, why: string): StepReport {
  return { name: step.name, status: 'skipped', durationMs: 0, failures: [], notes: [why] };
}

/** What to do when the authorization server wants a person, which a test run cannot be. */
function signInOnce(url: string): string {
  return `A test cannot sign in in a browser: sign in once with mcpscope --url ${url} --auth --remember-credentials tools list, then give the server auth: { remember: true } in the test file.`;
}

type Opened = { c: CliConnection; notes: string[]; auth?: CliAuthSession } | { error: string };

/** What a file (a test, an eval) says of its server: where it is, the version, the timeout, how to answer it. */
export type FileServer = Pick<TestFile, 'server' | 'protocolVersion' | 'timeoutMs'> & { policies?: TestPolicies };

/** The file's server, started or reached (authorized, when it says so), or the sentence why not. */
export async function openFileServer(test: FileServer, file: string, options: Pick<RunOptions, 'notice' | 'trace' | 'opener' | 'ask'>): Promise<Opened> {
  const target = await targetOf(test.server, file, options.ask);
  if (!target.ok) return { error: target.error };
  const policies = test.policies ?? {};
  const { transport } = target.value;
  let auth: CliAuthSession | undefined;
  if (transport.kind === 'http' && transport.auth) {
    try {
      auth = await startCliAuthSession({
        remember: target.value.remember === true,
        say: options.notice,
        progress: options.trace ?? (() => {}),
        timeoutMs: test.timeoutMs,
        withoutPerson: signInOnce(transport.url),
      });
    } catch (e) {
      return { error: `server.auth could not start its callback listener on 127.0.0.1: ${e instanceof Error ? e.message : String(e)}` };
    }
  }
  try {
    const c = await CliConnection.open(
      target.value.transport,
      {
        protocolVersion: (test.protocolVersion ?? target.value.entry?.protocolVersion ?? DEFAULT_PROTOCOL_VERSION) as VersionChoice,
        timeoutMs: test.timeoutMs,
        elicitation: policies.elicitation ?? 'decline',
        ...(policies.sampling ? { sampling: policies.sampling } : {}),
        roots: (policies.roots ?? []).map((uri) => ({ uri })),
        notice: options.notice,
        ...(options.trace ? { trace: options.trace } : {}),
      },
      options.opener ?? auth?.opener ?? openFromTestFile,
    );
    return { c, notes: target.value.notes, ...(auth ? { auth } : {}) };
  } catch (e) {
    await auth?.close();
    // The CLI's advice names --auth's options; here they are server.auth's.
    const message =
      e instanceof CliError && auth
        ? e.message.replace(/\nCheck --auth and its options.*$/s, '\nCheck server.auth in the test file, then run again.')
        : undefined;
    if (e instanceof CliError) return { error: `The server could not be reached: ${message ?? e.message}` };
    throw e;
  }
}

export interface FileRun {
  report: FileReport;
  /** --bail: a step failed, so nothing more is run. */
  bailed: boolean;
}

export async function runTestFile(file: string, options: RunOptions): Promise<FileRun> {
  const started = performance.now();
  const report: FileReport = { file, name: basename(file), startedAt: new Date().toISOString(), durationMs: 0, steps: [] };
  const done = (bailed = false): FileRun => ({ report: { ...report, durationMs: elapsed(started) }, bailed });
  const text = readTextFile(file);
  if (!text.ok) {
    report.error = text.error;
    return done();
  }
  const parsed = parseTestFile(text.value, basename(file).replace(/\.ya?ml$/i, ''));
  if (!parsed.ok) {
    report.error = `${file}: ${parsed.error.message}`;
    return done();
  }
  const test = parsed.value;
  report.name = test.name;
  const snapshotFile = snapshotFileFor(file);
  const store = loadSnapshots(snapshotFile);
  if (!store.ok) {
    report.error = store.error;
    return done();
  }
  const selected = test.steps.filter((s) => options.selected(s.name));
  if (selected.length === 0) {
    report.steps = test.steps.map((s) => skipped(s, 'not matched by --filter'));
    return done();
  }
  const opened = await openFileServer(test, file, options);
  if ('error' in opened) {
    report.error = opened.error;
    return done();
  }
  const { c } = opened;
  for (const note of opened.notes) options.notice(note);
  report.server =
    `${c.info?.serverInfo.name ?? 'server'} ${c.info?.serverInfo.version ?? ''}`.trim() + `, protocol ${c.info?.protocolVersion ?? 'not negotiated'}`;
  const notifications = new Notifications(c.session);
  let tools: Tool[] | undefined;
  c.session.on((e) => {
    if (e.type === 'notification' && e.method === 'notifications/tools/list_changed') tools = undefined;
  });
  let dirty = false;
  let bailed = false;
  try {
    for (const step of test.steps) {
      if (!options.selected(step.name)) report.steps.push(skipped(step, 'not matched by --filter'));
      else if (bailed) report.steps.push(skipped(step, 'not run: --bail stopped at a failed step'));
      else {
        const ctx: Omit<StepContext, 'signal'> = {
          c,
          timeoutMs: step.timeoutMs,
          notifications,
          notice: options.notice,
          tools: async (fresh) => (tools = !fresh && tools ? tools : (await listAll<Tool>(c, 'tools')).items),
        };
        const result = await runStep(step, ctx, store.value.get(step.name), options.update);
        if (result.write) {
          store.value.set(step.name, { ...store.value.get(step.name), ...result.write });
          dirty = true;
        }
        report.steps.push(result.report);
        bailed = options.bail && result.report.status === 'failed';
      }
      options.onStep?.(report.steps.at(-1)!, report);
    }
  } finally {
    // A server that went away on its own: its last stderr lines, once.
    const note = c.closedEarlyNote();
    if (note) options.notice(note);
    await c.close();
    await opened.auth?.close();
  }
  if (dirty) {
    saveSnapshots(snapshotFile, store.value);
    options.notice(`wrote the snapshots of ${file} to ${snapshotFile}.`);
  }
  return done(bailed);
}

async function runStep(
  step: TestStep,
  context: Omit<StepContext, 'signal'>,
  stored: { snapshot?: unknown; interface?: unknown } | undefined,
  update: boolean,
): Promise<{ report: StepReport; write?: { snapshot?: unknown; interface?: unknown } }> {
  const expired = new AbortController();
  const ctx: StepContext = { ...context, signal: expired.signal };
  ctx.notifications.stepBegins();
  const findingsFrom = ctx.c.linter.findings.length;
  const started = performance.now();
  let outcome: ActionOutcome;
  try {
    outcome = await withinTimeout(runAction(ctx, step.action), step.timeoutMs, lateFailure(step.action, step.timeoutMs), expired);
  } catch (e) {
    // A list the server could not give (the tools for a call), or the CLI's own sentence.
    if (!(e instanceof ListFailed || e instanceof CliError)) throw e;
    outcome = { failure: `${e.message}${e instanceof ListFailed ? ctx.c.undeclared(e.method) : ''}` };
  }
  const durationMs = elapsed(started);
  const findings: Finding[] = ctx.c.linter.findings.slice(findingsFrom);
  // An error answer is judged when the step expects one; else it fails the step as it stands.
  const expected = 'failure' in outcome && outcome.error !== undefined && step.expect.error !== undefined;
  if ('failure' in outcome && !expected) return { report: { name: step.name, status: 'failed', durationMs, failures: [outcome.failure], notes: [] } };
  const verdict = judgeStep(
    step.expect,
    'failure' in outcome
      ? { result: undefined, findings, ...(outcome.error ? { error: outcome.error } : {}) }
      : {
          result: outcome.result,
          findings,
          ...(outcome.list ? { list: outcome.list } : {}),
          ...(outcome.p95Ms !== undefined ? { p95Ms: outcome.p95Ms } : {}),
          ...(outcome.tools ? { tools: outcome.tools } : {}),
        },
    { ...stored, update },
  );
  const failures = [...('failures' in outcome ? (outcome.failures ?? []) : []), ...verdict.failures];
  const written = Object.keys(verdict.write).length > 0;
  return {
    report: { name: step.name, status: failures.length ? 'failed' : 'passed', durationMs, failures, notes: verdict.notes },
    ...(written ? { write: verdict.write } : {}),
  };
}
