// What a 2026-07-28 server answers: every result has resultType; list, read
// and discover results carry the cache fields; server/discover has its shape;
// errors use the codes of the revision.

import { isRecord } from '../json/guards.js';
import { ErrorCode } from '../jsonrpc/codec.js';
import type { Report } from './report.js';
import { preview } from './transport.js';

/** CacheableResult: these results carry ttlMs and cacheScope. */
const CACHEABLE = new Set(['tools/list', 'prompts/list', 'resources/list', 'resources/read', 'resources/templates/list', 'server/discover']);

const shown = (v: unknown): string => preview(JSON.stringify(v) ?? String(v), 60);

/** resultType: required, a string ("complete", "input_required", or one a later revision adds). */
export function checkResultType(method: string, result: Record<string, unknown>, report: Report): void {
  if (!Object.hasOwn(result, 'resultType')) {
    report('MODERN-RESULT-TYPE', `The ${method} result has no resultType; every 2026-07-28 result carries one ("complete" for an ordinary result).`, 'server');
  } else if (typeof result.resultType !== 'string') {
    report('MODERN-RESULT-TYPE', `The ${method} result's resultType is ${shown(result.resultType)}; it must be a string such as "complete".`, 'server');
  }
}

/** ttlMs and cacheScope on a complete list, read or discover result. */
export function checkCacheFields(method: string, result: Record<string, unknown>, report: Report): void {
  if (!CACHEABLE.has(method)) return;
  const problems: string[] = [];
  if (!Object.hasOwn(result, 'ttlMs')) problems.push('no ttlMs');
  else if (typeof result.ttlMs !== 'number' || !Number.isFinite(result.ttlMs) || result.ttlMs < 0)
    problems.push(`ttlMs ${shown(result.ttlMs)}, which is not a number of milliseconds ≥ 0`);
  if (!Object.hasOwn(result, 'cacheScope')) problems.push('no cacheScope');
  else if (result.cacheScope !== 'public' && result.cacheScope !== 'private')
    problems.push(`cacheScope ${shown(result.cacheScope)}, not "public" or "private"`);
  if (problems.length) report('MODERN-CACHE', `The ${method} result has ${problems.join(' and ')}.`, 'server');
}

/** The server/discover result: supportedVersions and capabilities. */
export function checkDiscoverResult(result: Record<string, unknown>, report: Report): void {
  const problems: string[] = [];
  const versions = result.supportedVersions;
  if (!Array.isArray(versions))
    problems.push(`supportedVersions is ${versions === undefined ? 'missing' : shown(versions)}; it must be an array of version strings`);
  else if (versions.length === 0) problems.push('supportedVersions is empty; it lists at least the version the server speaks');
  else if (versions.some((v) => typeof v !== 'string')) problems.push(`supportedVersions holds something other than strings: ${shown(versions)}`);
  if (!isRecord(result.capabilities))
    problems.push(`capabilities is ${result.capabilities === undefined ? 'missing' : shown(result.capabilities)}; it must be an object`);
  if (result.instructions !== undefined && typeof result.instructions !== 'string') problems.push('instructions, when present, is a string');
  if (problems.length) report('MODERN-DISCOVER', `The server/discover result is malformed: ${problems.join('; ')}.`, 'server');
}

/** The codes 2026-07-28 defines in its reserved range. */
const SPEC_CODES: ReadonlySet<number> = new Set([ErrorCode.HeaderMismatch, ErrorCode.MissingRequiredClientCapability, ErrorCode.UnsupportedProtocolVersion]);

/** An error a 2026-07-28 server sent in answer to `method`. */
export function checkModernErrorCode(method: string, error: { code: number; data?: unknown }, report: Report): void {
  const code = error.code;
  if (code === -32002) {
    report(
      'MODERN-ERROR-CODE',
      `The ${method} request was answered with -32002, the resource-not-found code of 2025-11-25 and earlier; in 2026-07-28 a missing resource is -32602 (Invalid params).`,
      'server',
    );
  } else if (code === -32042) {
    report(
      'MODERN-ERROR-CODE',
      `The ${method} request was answered with -32042 (URL elicitation required, 2025-11-25 only); in 2026-07-28 the server asks for the URL elicitation in an input_required result.`,
      'server',
    );
  } else if (code <= -32020 && code >= -32099 && !SPEC_CODES.has(code)) {
    report(
      'MODERN-ERROR-CODE',
      `Error code ${code} is in -32020…-32099, which 2026-07-28 reserves for codes the specification defines (only -32020, -32021, -32022 so far); implementation errors belong in -32000…-32019.`,
      'server',
      'warning',
    );
  } else if (code === ErrorCode.UnsupportedProtocolVersion) {
    const supported = isRecord(error.data) ? error.data.supported : undefined;
    if (!Array.isArray(supported) || supported.length === 0 || supported.some((v) => typeof v !== 'string')) {
      report(
        'MODERN-ERROR-CODE',
        `The -32022 (unsupported protocol version) error has data.supported ${supported === undefined ? 'missing' : shown(supported)}; it must list the versions the server supports, so the client can switch.`,
        'server',
      );
    }
  }
}
