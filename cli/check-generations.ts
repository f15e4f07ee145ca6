// `mcpscope check` asks which protocol generations a server speaks, each on a
// fresh connection: legacy (an initialize) and modern (a server/discover probe
// with 2026-07-28 in its _meta). Then it runs the check on each one it speaks.

import {
  NEWEST_LEGACY_VERSION,
  NEWEST_MODERN_VERSION,
  isLegacyVersion,
  type ConnectFailureCause,
  type LoggingLevel,
  type Provider,
  type VersionChoice,
} from '../src/protocol/index.js';
import { runCheck, type CheckReport } from './check.js';
import { CliError, ConnectError, type CliConnection } from './connection.js';

export interface GenerationProbe {
  speaks: boolean;
  /** How it was found out: the version negotiated, or why not. */
  detail: string;
  /** Not an answer about the generation (no answer, an authorization refusal …): a failure, not information. */
  failed?: true;
}

/** The causes that answer "does the server speak it?" with no, by generation: information, not failures. */
const DOES_NOT_SPEAK: Record<'legacy' | 'modern', ReadonlySet<ConnectFailureCause>> = {
  legacy: new Set(['initialize-unsupported', 'refused', 'version-refused']),
  modern: new Set(['not-modern', 'version-refused']),
};

export interface Generations {
  legacy: GenerationProbe;
  modern: GenerationProbe;
  speaks: 'legacy' | 'modern' | 'both' | 'neither';
}

/** The check of every generation the server speaks; the first report is the legacy one when it speaks both. */
export interface GenerationsReport extends CheckReport {
  generations: Generations;
  /** The check of the other generation, when the server speaks both. */
  also?: CheckReport;
}

/** Opens a fresh connection in `choice`; `probe`: the connecting request is a probe, bounded as Auto's is. */
export type Opener = (choice: VersionChoice, probe?: boolean) => Promise<CliConnection>;

/**
 * `choice` (--protocol-version) picks the legacy version offered when it is one; otherwise the newest.
 * A failure of both probes is thrown as the legacy one's (today's message, for a server that is no MCP server).
 */
export async function runGenerationsCheck(
  open: Opener,
  choice: VersionChoice,
  logLevel: LoggingLevel | undefined,
  strictProviders: readonly Provider[] = [],
): Promise<GenerationsReport> {
  const legacyVersion = isLegacyVersion(choice) ? choice : NEWEST_LEGACY_VERSION;
  const legacy = await attempt(
    () => open(legacyVersion),
    (c) => runCheck(c, legacyVersion, logLevel, strictProviders),
  );
  // A silent legacy server would make the probe wait the whole --timeout: it is bounded as Auto's probe is.
  const modern = await attempt(
    () => open(NEWEST_MODERN_VERSION, true),
    (c) => runCheck(c, NEWEST_MODERN_VERSION, logLevel, strictProviders),
  );
  if (!legacy.ok && !modern.ok) throw new CliError(bothFailed(legacy, modern));
  const generations: Generations = {
    legacy: legacy.ok ? { speaks: true, detail: legacyDetail(legacy.report) } : notSpoken('legacy', legacy),
    modern: modern.ok ? { speaks: true, detail: `server/discover: ${modern.report.protocolVersion}` } : notSpoken('modern', modern),
    speaks: legacy.ok && modern.ok ? 'both' : legacy.ok ? 'legacy' : 'modern',
  };
  if (legacy.ok && modern.ok) {
    const both = legacy.report;
    return {
      ...both,
      generations,
      also: modern.report,
      errors: both.errors + modern.report.errors,
      warnings: both.warnings + modern.report.warnings,
      ok: both.ok && modern.report.ok,
    };
  }
  const only = legacy.ok ? legacy.report : modern.ok ? modern.report : undefined;
  // Unreachable: one of them succeeded.
  if (!only) throw new CliError('Neither generation could be checked.');
  return { ...only, generations };
}

/** A failed attempt: `error` as the CLI prints it (with advice); `summary` and `cause` when connecting failed. */
type Attempt = { ok: true; report: CheckReport } | { ok: false; error: string; summary?: string; cause?: ConnectFailureCause };

function legacyDetail(report: CheckReport): string {
  return report.protocolVersion === null ? 'no initialize: version not negotiated' : `initialize: ${report.protocolVersion}`;
}

/** Why a generation is not spoken: the sentence alone (no advice), and whether that was a failure. */
function notSpoken(generation: 'legacy' | 'modern', failed: Extract<Attempt, { ok: false }>): GenerationProbe {
  const detail = failed.summary ?? firstLine(failed.error);
  return failed.cause !== undefined && DOES_NOT_SPEAK[generation].has(failed.cause) ? { speaks: false, detail } : { speaks: false, detail, failed: true };
}

async function attempt(open: () => Promise<CliConnection>, check: (c: CliConnection) => Promise<CheckReport>): Promise<Attempt> {
  let c: CliConnection | undefined;
  try {
    c = await open();
    return { ok: true, report: await check(c) };
  } catch (err) {
    if (err instanceof ConnectError) return { ok: false, error: err.message, summary: err.failure.summary, cause: err.failure.cause };
    if (err instanceof CliError) return { ok: false, error: err.message };
    throw err;
  } finally {
    await c?.close();
  }
}

/** Neither generation: the legacy failure, then the modern probe's unless it is the same (an authorization failure, say). */
function bothFailed(legacy: Extract<Attempt, { ok: false }>, modern: Extract<Attempt, { ok: false }>): string {
  const probe = notSpoken('modern', modern);
  if (probe.detail === (legacy.summary ?? firstLine(legacy.error))) return legacy.error;
  return `${legacy.error}\n${probe.failed ? `The ${NEWEST_MODERN_VERSION} probe failed too` : `Nor does it speak ${NEWEST_MODERN_VERSION}`}: ${probe.detail}`;
}

function firstLine(text: string): string {
  return text.split('\n')[0]!;
}
