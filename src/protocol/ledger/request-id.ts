// A request id as the ledger keeps it: its JSON value, its raw spelling, and
// the key that decides pairing. JSON-RPC ids compare as values of one JSON
// type: 7 and 7.0 are the same number; "7" is a string and never answers 7.

import type { JsonRpcId, SingleFrame } from '../jsonrpc/codec.js';

export interface RequestId {
  value: JsonRpcId;
  /** As written on the wire: `7`, `"7"`, `7.0`, `12345678901234567890`. */
  text: string;
  /** Equal keys are the same id. */
  key: string;
}

const INTEGER = /^-?(0|[1-9][0-9]*)$/;

/** `idText` is the raw spelling when the frame had one (see codec `idText`). */
export function requestIdOf(value: JsonRpcId, idText?: string): RequestId {
  if (typeof value === 'string') return { value, text: JSON.stringify(value), key: `s:${value}` };
  const text = idText ?? String(value);
  // An integer beyond 2^53 is rounded by JSON.parse, so its digits are its identity.
  const digits = INTEGER.test(text) && text !== '-0' ? text : String(value);
  return { value, text, key: `n:${digits}` };
}

/**
 * An id from its raw spelling, as a request-failed event carries it (`7`, `"a"`, `9007199254740993`):
 * the spelling keeps an integer beyond 2^53 exact. Undefined when the text is no JSON string or number.
 */
export function requestIdFromText(text: string): RequestId | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return typeof value === 'string' || typeof value === 'number' ? requestIdOf(value, text) : undefined;
}

/** The id of a request or response frame, or undefined (notifications, invalid frames, null ids). */
export function frameRequestId(frame: SingleFrame): RequestId | undefined {
  if (frame.kind !== 'request' && frame.kind !== 'response' && frame.kind !== 'error') return undefined;
  const id = frame.message.id;
  if (id === null || id === undefined) return undefined;
  return requestIdOf(id, frame.idText);
}

/** The key the same digits would have in the other JSON type ("7" ⇄ 7), for naming a type mismatch. */
export function otherTypeKey(id: RequestId): string | undefined {
  if (id.key.startsWith('n:')) return `s:${id.key.slice(2)}`;
  const s = id.key.slice(2);
  return INTEGER.test(s) ? `n:${s}` : undefined;
}
