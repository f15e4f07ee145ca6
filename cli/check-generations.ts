// `mcpscope check` asks which protocol generations a server speaks, each on a
// fresh connection: legacy (an initialize) and modern (a server/discover probe
// with 2026-07-28 in its _meta). Then it runs the check on each one it speaks.

import {
  DEFAULT_PROBE_TIMEOUT_MS,
  NEWEST_LEGACY_VERSION,
  NEWEST_MODERN_VERSION,
  isLegacyVersion,
  type LoggingLevel,
  type VersionChoice,
} from '../src/protocol/index.js';
import { runCheck, type CheckReport } from './check.js';
import { CliError, type CliConnection } from './connection.js';

export interface GenerationProbe {
  speaks: boolean;
  /** How it was found out: the version negotiated, or why not. */
  detail: string;
}

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

/** Opens a fresh connection in `choice`; `timeoutMs` bounds the connecting request (the modern probe's is short). */
export type Opener = (choice: VersionChoice, timeoutMs?: number) => Promise<CliConnection>;

/**
 * `choice` (--protocol-version) picks the legacy version offered when it is one; otherwise the newest.
 * A failure of both probes is thrown as the legacy one's (today's message, for a server that is no MCP server).
 */
export async function runGenerationsCheck(
  open: Opener,
  choice: VersionChoice,
  logLevel: LoggingLevel | undefined,
  timeoutMs: number,
): Promise<GenerationsReport> {
  const legacyVersion = isLegacyVersion(choice) ? choice : NEWEST_LEGACY_VERSION;
  const legacy = await attempt(
    () => open(legacyVersion),
    (c) => runCheck(c, legacyVersion, logLevel),
  );
  // A silent legacy server would make the probe wait the whole --timeout: the probe's own is short.
  const probeTimeout = Math.min(timeoutMs, DEFAULT_PROBE_TIMEOUT_MS);
  const modern = await attempt(
    () => open(NEWEST_MODERN_VERSION, probeTimeout),
    (c) => runCheck(c, NEWEST_MODERN_VERSION, logLevel),
  );
  if (!legacy.ok && !modern.ok) throw new CliError(`${legacy.error}\nNor does it speak ${NEWEST_MODERN_VERSION}: ${modern.error.split('\n')[0]}`);
  const generations: Generations = {
    legacy: legacy.ok ? { speaks: true, detail: `initialize: ${legacy.report.protocolVersion}` } : { speaks: false, detail: firstLine(legacy.error) },
    modern: modern.ok ? { speaks: true, detail: `server/discover: ${modern.report.protocolVersion}` } : { speaks: false, detail: firstLine(modern.error) },
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

type Attempt = { ok: true; report: CheckReport } | { ok: false; error: string };

async function attempt(open: () => Promise<CliConnection>, check: (c: CliConnection) => Promise<CheckReport>): Promise<Attempt> {
  let c: CliConnection | undefined;
  try {
    c = await open();
    return { ok: true, report: await check(c) };
  } catch (err) {
    if (err instanceof CliError) return { ok: false, error: err.message };
    throw err;
  } finally {
    await c?.close();
  }
}

function firstLine(text: string): string {
  return text.split('\n')[0]!;
}
