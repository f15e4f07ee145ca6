// server/discover (2026-07-28): checking its result, and reading its outcome as
// the backward-compatibility rules say — a DiscoverResult or a modern error means
// a modern server; any other error, silence, or an HTTP failure means legacy.

import { isRecord } from '../json/guards.js';
import type { JsonRpcErrorObject } from '../jsonrpc/codec.js';
import { META_SERVER_INFO, implementationOf, isModernError, modernRequestMeta, resultServerInfo, unsupportedVersionData } from '../mcp/modern-meta.js';
import type { DiscoverInfo, RequestOptions, RequestOutcome } from './types.js';

export type DiscoverJudgment =
  | { kind: 'discovered'; info: DiscoverInfo }
  /**
   * A result came, but not a DiscoverResult. `looksModern`: it is no object, or it has a field of
   * one (resultType, supportedVersions, capabilities, serverInfo): a modern server's bug, to report.
   * Otherwise (`{}`, say) it is a legacy server that answers every method with a result.
   */
  | { kind: 'malformed'; message: string; looksModern: boolean }
  | { kind: 'modern-error'; error: JsonRpcErrorObject; supported?: string[] }
  /** Any other error, no answer in time, or an HTTP failure: what a legacy server does. */
  | { kind: 'legacy'; why: string }
  /** The connection ended (or the request was never sent): nothing to decide. */
  | { kind: 'gone'; message: string };

export function parseDiscoverResult(result: unknown): { ok: true; info: DiscoverInfo } | { ok: false; message: string } {
  const bad = (what: string) => ({
    ok: false as const,
    message: `The server/discover result ${what}; a DiscoverResult needs supportedVersions (strings) and capabilities (an object).`,
  });
  if (!isRecord(result)) return bad(`is ${result === null ? 'null' : Array.isArray(result) ? 'an array' : `a ${typeof result}`}, not an object`);
  const versions = result.supportedVersions;
  if (versions === undefined) return bad('has no supportedVersions');
  if (!Array.isArray(versions) || !versions.every((v) => typeof v === 'string')) return bad('has a supportedVersions that is not a list of strings');
  if (versions.length === 0) return bad('lists no supportedVersions');
  if (!isRecord(result.capabilities)) return bad(result.capabilities === undefined ? 'has no capabilities' : 'has a capabilities that is not an object');
  const info: DiscoverInfo = { supportedVersions: versions, capabilities: result.capabilities };
  // serverInfo lives in _meta since 2026-07-28; a top-level one (the 2025 place) is read too, for display.
  const serverInfo = resultServerInfo(result) ?? implementationOf(result.serverInfo);
  if (serverInfo) info.serverInfo = serverInfo;
  if (typeof result.instructions === 'string') info.instructions = result.instructions;
  if (typeof result.ttlMs === 'number') info.ttlMs = result.ttlMs;
  if (typeof result.cacheScope === 'string') info.cacheScope = result.cacheScope;
  return { ok: true, info };
}

/** What a server/discover outcome says about the server. `connectionOpen`: false once the connection itself ended. */
export function judgeDiscover(outcome: RequestOutcome, connectionOpen: boolean): DiscoverJudgment {
  switch (outcome.status) {
    case 'result': {
      const parsed = parseDiscoverResult(outcome.result);
      return parsed.ok ? { kind: 'discovered', info: parsed.info } : { kind: 'malformed', message: parsed.message, looksModern: looksModern(outcome.result) };
    }
    case 'error': {
      if (!isModernError(outcome.error)) return { kind: 'legacy', why: `server/discover got error ${outcome.error.code} (${outcome.error.message})` };
      const data = unsupportedVersionData(outcome.error);
      return data ? { kind: 'modern-error', error: outcome.error, supported: data.supported } : { kind: 'modern-error', error: outcome.error };
    }
    case 'timeout':
      return { kind: 'legacy', why: `server/discover got no answer within ${Math.round(outcome.elapsedMs)} ms` };
    case 'closed':
      // An HTTP exchange that failed (a 4xx without a JSON-RPC body) fails only its request.
      return connectionOpen ? { kind: 'legacy', why: `server/discover failed: ${outcome.message}` } : { kind: 'gone', message: outcome.message };
    case 'refused':
    case 'cancelled':
      return { kind: 'gone', message: outcome.message };
    case 'stopped':
      // Only a multi-round request stops (server/discover is never one): its result was not a discover result.
      return { kind: 'malformed', message: outcome.message, looksModern: true };
  }
}

/** A short label for the probe's answer in the log. */
export function probeVerdict(judged: DiscoverJudgment): string {
  switch (judged.kind) {
    case 'discovered':
      return `modern: supports ${judged.info.supportedVersions.join(', ')}`;
    case 'malformed':
      return 'modern, but the result is malformed';
    case 'modern-error':
      return `modern: error ${judged.error.code}`;
    case 'legacy':
      return `legacy: ${judged.why}`;
    case 'gone':
      return judged.message;
  }
}

/** Whether a result that is no DiscoverResult still reads as a modern server's attempt at one. */
function looksModern(result: unknown): boolean {
  if (!isRecord(result)) return true;
  const meta = isRecord(result._meta) ? result._meta : {};
  return ['resultType', 'supportedVersions', 'capabilities', 'serverInfo'].some((k) => k in result) || META_SERVER_INFO in meta;
}

/** What a legacy server says to a request before initialize. */
const NOT_INITIALIZED = /not\s+(yet\s+)?initiali[sz]ed|initiali[sz]e\s+first|before\s+initiali[sz]/i;

/**
 * For an error to a request that carried the modern `_meta`: when it is a legacy server's
 * "not initialized", a sentence naming that (the server claimed a modern version, but does
 * not serve modern requests); else ''.
 */
export function notInitializedHint(requestRaw: string, error: JsonRpcErrorObject): string {
  if (!NOT_INITIALIZED.test(error.message)) return '';
  let params: unknown;
  try {
    params = (JSON.parse(requestRaw) as { params?: unknown }).params;
  } catch {
    return '';
  }
  const version = modernRequestMeta(params).protocolVersion;
  if (typeof version !== 'string') return '';
  const stop = /[.!?]\s*$/.test(error.message) ? '' : '.';
  return `${stop} This request declared protocol ${version} in its _meta, yet the server answers as a legacy server does before initialize: it does not serve ${version} requests, whatever its server/discover said. Connect with a 2025 version instead.`;
}

/** How server/discover ended; `judged` says what it tells about the server. */
export type DiscoverAnswer = { version: string; outcome: RequestOutcome; judged: DiscoverJudgment } & (
  { ok: true; info: DiscoverInfo } | { ok: false; message: string; supported?: string[] }
);

export interface DiscoverOptions extends RequestOptions {
  /** The version to ask with (default: the session's modern version, else the newest modern one). */
  version?: string;
  /** Auto's probe: emit `probe` events, and do not send notifications/cancelled on timeout. */
  probe?: boolean;
}
