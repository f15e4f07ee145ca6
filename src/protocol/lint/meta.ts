// _meta key names (2025-06-18+): an optional reverse-DNS-like prefix and "/",
// then a name bounded by letters or digits; prefixes whose second label is
// "modelcontextprotocol" or "mcp" are reserved for the specification.

import type { Sender } from './methods.js';
import type { Report } from './report.js';
import { isRecord } from '../json/guards.js';

const LABEL = '[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
const NAME = '[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?';
const KEY = new RegExp(`^(?:(${LABEL}(?:\\.${LABEL})*)/)?(${NAME})$`);
/** Reserved keys the specification itself defines. */
const SPEC_KEYS = new Set(['io.modelcontextprotocol/related-task']);

/**
 * `modernKeys`: on a 2026-07-28 frame, the keys that revision defines; there an unknown
 * reserved-prefix key may be an official extension's, so it is only noted.
 */
export function checkMeta(version: string, holder: unknown, sender: Sender, report: Report, modernKeys?: ReadonlySet<string>): void {
  if (version < '2025-06-18' || !isRecord(holder) || !isRecord(holder._meta)) return;
  for (const key of Object.keys(holder._meta)) {
    const m = KEY.exec(key);
    if (!m) {
      report(
        'META-KEY',
        `_meta key ${JSON.stringify(key)} breaks the naming rule (optional prefix/, then a name that starts and ends with a letter or digit).`,
        sender,
      );
      continue;
    }
    const labels = m[1]?.split('.') ?? [];
    const second = labels[1]?.toLowerCase();
    if ((second === 'modelcontextprotocol' || second === 'mcp') && !SPEC_KEYS.has(key) && !modernKeys?.has(key)) {
      if (modernKeys) {
        report(
          'META-KEY',
          `_meta key ${JSON.stringify(key)} uses a prefix reserved for the MCP specification and its official extensions, and ${version} defines no such key.`,
          sender,
          'info',
        );
      } else report('META-KEY', `_meta key ${JSON.stringify(key)} uses a prefix reserved for the MCP specification.`, sender);
    }
  }
}
