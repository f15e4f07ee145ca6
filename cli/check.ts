// `mcpscope check`: a compliance probe a server author can run in CI. Each
// step exercises one part of the protocol; the lint engine watches every frame
// meanwhile, and its findings about the server are part of the verdict.

import {
  figuresOf,
  formatDuration,
  isRecord,
  listAll,
  ListFailed,
  outcomeMessage,
  settleList,
  plural,
  type InitializeInfo,
  type LoggingLevel,
  type PingSample,
  type Provider,
  type Tool,
} from '../src/protocol/index.js';
import { checkCompletion } from './check-completion.js';
import { checkApps, type AppToolCheck } from './check-apps.js';
import { checkProviders, type ProviderCheck } from './check-providers.js';
import type { CliConnection } from './connection.js';
import { checkLogging } from './logging.js';
import { roundTrip } from './round-trip.js';

export type StepStatus = 'pass' | 'fail' | 'warn' | 'skip' | 'info';

export interface CheckStep {
  name: string;
  status: StepStatus;
  detail: string;
}

export interface CheckReport {
  server: { name: string; version: string };
  /** The generation these steps spoke: legacy (initialize) or modern (2026-07-28, _meta on every request). */
  era: 'legacy' | 'modern';
  offeredVersion: string;
  /** null: --no-initialize on a server without initialize, so no version was negotiated. */
  protocolVersion: string | null;
  steps: CheckStep[];
  findings: Array<{ rule: string; severity: string; message: string; specUrl: string }>;
  /** The listed tools against the model providers' strict modes, when tools were listed. */
  providers?: ProviderCheck;
  /** The app tools (MCP Apps) and what is wrong with their _meta.ui and ui:// resources, when a tool has one. */
  apps?: AppToolCheck[];
  errors: number;
  warnings: number;
  ok: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** How long to wait for an answer that must not come. */
const SILENCE_MS = 500;
const PINGS = 5;
/** A ping not answered within this is a miss; check stops pinging after one. */
const PING_TIMEOUT_MS = 5000;

async function checkPing(c: CliConnection, steps: CheckStep[]): Promise<void> {
  const samples: PingSample[] = [];
  // 2026-07-28 has no ping: its step times server/discover.
  const round = roundTrip(c);
  for (let n = 1; n <= PINGS; n++) {
    const outcome = await c.request(round.method, undefined, { timeoutMs: PING_TIMEOUT_MS });
    const verdict = round.verdict(outcome);
    const s: PingSample = { n, at: 0, outcome: outcome.status, verdict };
    if (outcome.status === 'result' || outcome.status === 'error') s.rttMs = outcome.rttMs;
    if (!verdict.compliant) s.failure = verdict.failures.join('; ');
    samples.push(s);
    if (outcome.status === 'timeout' || outcome.status === 'closed') break;
  }
  const bad = samples.find((s) => !s.verdict.compliant);
  const f = figuresOf(samples, 0);
  const latency =
    f.p50 !== undefined
      ? `p50 ${formatDuration(f.p50)}, max ${formatDuration(f.max!)} over ${plural(samples.length, round.label, round.labels)}`
      : 'no answers';
  const name = round.method === 'ping' ? 'ping' : 'server/discover round trip';
  steps.push(bad ? { name, status: 'fail', detail: `${bad.failure} (${latency})` } : { name, status: 'pass', detail: `Compliant; ${latency}` });
}

async function checkUnknownMethod(c: CliConnection, steps: CheckStep[]): Promise<void> {
  const outcome = await c.request('mcpscope/no-such-method');
  if (outcome.status === 'error' && outcome.error.code === -32601) {
    steps.push({ name: 'unknown method', status: 'pass', detail: 'answered with -32601 Method not found' });
  } else {
    const got = outcome.status === 'error' ? `error ${outcome.error.code}` : outcome.status === 'result' ? 'a result' : `no answer: ${outcomeMessage(outcome)}`;
    steps.push({ name: 'unknown method', status: 'fail', detail: `expected error -32601, got ${got}` });
  }
}

async function checkPingWithParams(c: CliConnection, steps: CheckStep[]): Promise<void> {
  const outcome = await c.request('ping', { probe: true }, { timeoutMs: PING_TIMEOUT_MS });
  const detail =
    outcome.status === 'result'
      ? 'tolerated (answered with a result)'
      : outcome.status === 'error'
        ? `refused with error ${outcome.error.code} (strict servers may answer -32602)`
        : outcomeMessage(outcome);
  const status: StepStatus = outcome.status === 'result' || outcome.status === 'error' ? 'info' : 'fail';
  steps.push({ name: 'ping with params', status, detail });
}

async function checkNotificationSilence(c: CliConnection, steps: CheckStep[]): Promise<void> {
  const before = c.linter.findings.length;
  c.session.notify('ping');
  await sleep(SILENCE_MS);
  const answered = c.linter.findings.slice(before).some((f) => f.rule === 'JR-RESP-ORPHAN' || f.rule === 'JR-ERROR-ID');
  steps.push(
    answered
      ? { name: 'notification gets no answer', status: 'fail', detail: 'the server answered a notification (ping without an id)' }
      : { name: 'notification gets no answer', status: 'pass', detail: `no answer within ${SILENCE_MS} ms` },
  );
}

/** What the steps learn for the report beside the steps themselves. */
interface CheckContext {
  /** --strict-providers: these providers' failures are errors. */
  strictProviders: readonly Provider[];
  providers?: ProviderCheck;
  apps?: AppToolCheck[];
}

async function checkTools(c: CliConnection, steps: CheckStep[], context: CheckContext): Promise<void> {
  // Without initialize no capabilities were declared: tools/list is asked anyway, and a refusal is information.
  const negotiated = c.info !== undefined;
  if (negotiated && !isRecord(c.info?.capabilities.tools)) {
    steps.push({ name: 'tools/list', status: 'skip', detail: 'the server does not declare the tools capability' });
    return;
  }
  const before = c.serverFindings().length;
  const listed = await settleList(listAll<Tool>(c, 'tools'));
  if (listed instanceof ListFailed) {
    steps.push({ name: 'tools/list', status: negotiated ? 'fail' : 'info', detail: listed.message });
    return;
  }
  const defProblems = c
    .serverFindings()
    .slice(before)
    .filter((f) => f.rule === 'TOOL-DEF').length;
  steps.push({
    name: 'tools/list',
    status: defProblems ? 'fail' : 'pass',
    detail: `${plural(listed.items.length, 'tool')} on ${plural(listed.pages, 'page')}${defProblems ? `; ${plural(defProblems, 'definition problem')}` : '; every inputSchema is an object schema'}`,
  });
  const providers = checkProviders(listed.items, context.strictProviders);
  steps.push(providers.step);
  context.providers = providers.report;
  const apps = await checkApps(c, listed.items);
  steps.push(...apps.steps);
  if (apps.report.length > 0) context.apps = apps.report;
  for (const tool of listed.items) {
    const required = isRecord(tool.inputSchema) && Array.isArray(tool.inputSchema.required) ? tool.inputSchema.required : [];
    if (!tool.outputSchema || required.length > 0) continue;
    const name = `tools/call ${tool.name} (outputSchema)`;
    if (tool.annotations?.destructiveHint === true && tool.annotations.readOnlyHint !== true) {
      steps.push({ name, status: 'skip', detail: 'not called: the tool says it is destructive' });
      continue;
    }
    const mark = c.serverFindings().length;
    const outcome = await c.request('tools/call', { name: tool.name, arguments: {} });
    const problems = c
      .serverFindings()
      .slice(mark)
      .filter((f) => f.rule === 'TOOL-OUTPUT' || f.rule === 'TOOL-CONTENT');
    if (outcome.status !== 'result') steps.push({ name, status: 'fail', detail: `the call failed: ${outcomeMessage(outcome)}` });
    else if (isRecord(outcome.result) && outcome.result.isError === true)
      steps.push({ name, status: 'info', detail: 'the tool returned isError with no arguments' });
    else if (problems.some((p) => p.severity === 'error')) steps.push({ name, status: 'fail', detail: problems.map((p) => p.message).join('; ') });
    else
      steps.push({
        name,
        status: problems.length ? 'warn' : 'pass',
        detail: problems.length ? problems.map((p) => p.message).join('; ') : 'structuredContent matches the outputSchema',
      });
  }
}

/** 2025-03-26 servers MUST accept a batch: two pings in one array, both answered. */
async function checkBatch(c: CliConnection, steps: CheckStep[]): Promise<void> {
  const sent = c.session.sendText('[{"jsonrpc":"2.0","id":"batch-1","method":"ping"},{"jsonrpc":"2.0","id":"batch-2","method":"ping"}]', {
    timeoutMs: PING_TIMEOUT_MS,
  });
  const outcomes = await Promise.all(sent.requests.map((r) => r.outcome));
  const answered = outcomes.filter((o) => o.status === 'result').length;
  steps.push(
    answered === 2
      ? { name: 'batch', status: 'pass', detail: 'a batch of two pings was answered in full' }
      : { name: 'batch', status: 'fail', detail: `a batch of two pings got ${plural(answered, 'result')}: ${outcomes.map((o) => o.status).join(', ')}` },
  );
}

/** `logLevel`: the level the logging/setLevel probe asks for (the --log-level given, else info). */
export async function runCheck(
  c: CliConnection,
  offeredVersion: string,
  logLevel: LoggingLevel = 'info',
  strictProviders: readonly Provider[] = [],
): Promise<CheckReport> {
  const steps: CheckStep[] = [];
  const context: CheckContext = { strictProviders };
  const info = c.info;
  if (c.session.era === 'modern' && info) return runModernCheck(c, steps, context, info, logLevel);
  if (!info) {
    // --no-initialize against a server that answered -32601: every step that needs no handshake still runs.
    steps.push({
      name: 'initialize',
      status: 'fail',
      detail: 'the server does not implement initialize (answered -32601): no version or capabilities were negotiated',
    });
    return finish(c, steps, context, 'legacy', { name: '(unknown)', version: '(unknown)' }, offeredVersion, null, async () => {
      await checkPing(c, steps);
      await checkUnknownMethod(c, steps);
      await checkPingWithParams(c, steps);
      await checkNotificationSilence(c, steps);
      await checkTools(c, steps, context);
      for (const name of ['logging/setLevel', 'completion/complete', 'batch']) {
        steps.push({ name, status: 'skip', detail: 'no initialize: which capabilities and version the server has is unknown' });
      }
    });
  }
  steps.push({
    name: 'initialize',
    status: info.versionSupported ? (info.protocolVersion === offeredVersion ? 'pass' : 'info') : 'fail',
    detail: info.versionSupported
      ? `negotiated ${info.protocolVersion}${info.protocolVersion === offeredVersion ? '' : ` (offered ${offeredVersion})`}`
      : `the server chose ${info.protocolVersion}, which this client does not support`,
  });
  return finish(c, steps, context, 'legacy', info.serverInfo, offeredVersion, info.protocolVersion, async () => {
    await checkPing(c, steps);
    await checkUnknownMethod(c, steps);
    await checkPingWithParams(c, steps);
    await checkNotificationSilence(c, steps);
    await checkTools(c, steps, context);
    await checkLogging(c, steps, logLevel);
    await checkCompletion(c, steps);
    if (info.protocolVersion !== '2025-03-26') {
      steps.push({ name: 'batch', status: 'skip', detail: `batches exist only in 2025-03-26; ${info.protocolVersion} was negotiated` });
    } else {
      await checkBatch(c, steps);
    }
  });
}

/** The steps that exist in 2026-07-28: no initialize, ping or logging/setLevel; every request carries _meta. */
async function runModernCheck(c: CliConnection, steps: CheckStep[], context: CheckContext, info: InitializeInfo, logLevel: LoggingLevel): Promise<CheckReport> {
  const version = info.protocolVersion;
  steps.push({
    name: 'server/discover',
    status: 'pass',
    detail: `supports ${(info.supportedVersions ?? [version]).join(', ')}; speaking ${version}`,
  });
  return finish(c, steps, context, 'modern', info.serverInfo, version, version, async () => {
    await checkPing(c, steps);
    await checkUnknownMethod(c, steps);
    await checkNotificationSilence(c, steps);
    await checkTools(c, steps, context);
    steps.push({
      name: 'logging/setLevel',
      status: 'skip',
      detail: `${version} has no logging/setLevel; the level (${logLevel}) rides in each request's _meta`,
    });
    await checkCompletion(c, steps);
  });
}

async function finish(
  c: CliConnection,
  steps: CheckStep[],
  context: CheckContext,
  era: CheckReport['era'],
  server: { name: string; version: string },
  offeredVersion: string,
  protocolVersion: string | null,
  probes: () => Promise<void>,
): Promise<CheckReport> {
  await probes();
  // Let late frames (answers to the silent notification, stray progress) arrive.
  await sleep(50);
  const findings = c.serverFindings().map(({ rule, severity, message, specUrl }) => ({ rule, severity, message, specUrl }));
  // A LINT-INTERNAL finding is a bug of mcpscope: shown, but not held against the server.
  const counted = findings.filter((f) => f.rule !== 'LINT-INTERNAL');
  const errors = counted.filter((f) => f.severity === 'error').length + steps.filter((s) => s.status === 'fail').length;
  const warnings = counted.filter((f) => f.severity === 'warning').length + steps.filter((s) => s.status === 'warn').length;
  return {
    server: { name: server.name, version: server.version },
    era,
    offeredVersion,
    protocolVersion,
    steps,
    findings,
    ...(context.providers ? { providers: context.providers } : {}),
    ...(context.apps ? { apps: context.apps } : {}),
    errors,
    warnings,
    ok: errors === 0,
  };
}
