// What a tools/call or prompts/get carries besides the arguments the form
// builds: `arguments: {}` when there are none (some servers answer -32602
// without it, though the spec lets a client leave it out), and a `_meta`
// object the person writes. Pure: the forms call it before sending.

import { isRecord } from '../../../protocol/index.js';

export interface RequestExtras {
  /** Send `arguments: {}` rather than leave `arguments` out when there are none. */
  sendEmptyArguments: boolean;
  /** The `_meta` object as JSON text; empty sends none. */
  metaText: string;
}

export type ExtrasApplied = { ok: true; arguments?: Record<string, unknown>; meta?: Record<string, unknown> } | { ok: false; message: string };

/** The `_meta` the text says, or why it cannot be sent. */
export function readMeta(text: string): { ok: true; meta?: Record<string, unknown> } | { ok: false; message: string } {
  if (text.trim() === '') return { ok: true };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `_meta is not valid JSON (${e instanceof Error ? e.message : String(e)}): fix it, or empty it to send no _meta.` };
  }
  if (!isRecord(parsed)) return { ok: false, message: '_meta must be a JSON object, like {"trace": "abc"}: fix it, or empty it to send no _meta.' };
  return { ok: true, meta: parsed };
}

/** The `arguments` and `_meta` to send; `args` undefined or empty means the form has no arguments. */
export function applyExtras(args: Record<string, unknown> | undefined, extras: RequestExtras): ExtrasApplied {
  const meta = readMeta(extras.metaText);
  if (!meta.ok) return meta;
  const empty = args === undefined || Object.keys(args).length === 0;
  const sent = empty ? (extras.sendEmptyArguments ? {} : undefined) : args;
  return { ok: true, ...(sent !== undefined ? { arguments: sent } : {}), ...(meta.meta !== undefined ? { meta: meta.meta } : {}) };
}
