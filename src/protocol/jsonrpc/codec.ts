// JSON-RPC 2.0 codec: classify one raw text frame precisely, never throw.
// An inspector must describe what it got, not reject it, so every shape of
// input has a classification and, when invalid, a reason a person can read.

import { isRecord } from '../json/guards.js';
import { err, ok, type Result } from '../result.js';
import { idSpellings, numericIdNeedsScan } from './id-spelling.js';

export type JsonRpcId = string | number;

export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: JsonRpcId;
  method: string;
  params?: unknown;
}

export interface JsonRpcNotification {
  jsonrpc: '2.0';
  method: string;
  params?: unknown;
}

export interface JsonRpcSuccess {
  jsonrpc: '2.0';
  id: JsonRpcId;
  result: unknown;
}

export interface JsonRpcError {
  jsonrpc: '2.0';
  /** MCP 2025-11-25 allows a missing id when it could not be read; SDKs send null. */
  id?: JsonRpcId | null;
  error: JsonRpcErrorObject;
}

export type JsonRpcMessage = JsonRpcRequest | JsonRpcNotification | JsonRpcSuccess | JsonRpcError;

/**
 * Set by classifyFrame when a numeric id was spelled other than `String(id)`:
 * `7.0`, or an integer beyond 2^53 that JSON.parse rounded. The raw spelling.
 */
interface IdSpelling {
  idText?: string;
}

export type SingleFrame =
  | ({ kind: 'request'; message: JsonRpcRequest } & IdSpelling)
  | { kind: 'notification'; message: JsonRpcNotification }
  | ({ kind: 'response'; message: JsonRpcSuccess } & IdSpelling)
  | ({ kind: 'error'; message: JsonRpcError } & IdSpelling)
  | InvalidFrame;

/** Why a frame is invalid, as a code the lint rules key on (the reason is for people). */
export type InvalidCode =
  | 'empty'
  | 'not-json'
  | 'not-object'
  | 'jsonrpc-version'
  | 'id-type'
  | 'method-type'
  | 'method-with-result'
  | 'params-type'
  | 'result-and-error'
  | 'no-result-or-error'
  | 'error-shape'
  | 'result-without-id'
  | 'empty-batch';

export interface InvalidFrame {
  kind: 'invalid';
  code: InvalidCode;
  reason: string;
  value?: unknown;
}

export type Frame = SingleFrame | { kind: 'batch'; items: SingleFrame[] };

function describeType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (v === undefined) return 'missing';
  if (typeof v === 'number' && !Number.isInteger(v)) return `a fractional number (${v})`;
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}

function short(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

/** Why an id value is not a valid MCP id, or undefined when it is valid. */
export function idProblem(id: unknown): string | undefined {
  if (typeof id === 'string') return undefined;
  if (typeof id === 'number') {
    if (!Number.isFinite(id)) return `id is not a finite number`;
    if (!Number.isInteger(id)) return `id is a fractional number (${id}); MCP ids are strings or integers`;
    return undefined;
  }
  if (id === null) return 'id is null; MCP ids must be a string or an integer';
  return `id is ${describeType(id)}; MCP ids are strings or integers`;
}

function classifyErrorObject(error: unknown): string | undefined {
  if (!isRecord(error)) return `"error" is ${describeType(error)}, not an object`;
  if (typeof error.code !== 'number') return `error.code is ${describeType(error.code)}, not a number`;
  if (!Number.isInteger(error.code)) return `error.code ${error.code} is not an integer`;
  if (typeof error.message !== 'string') return `error.message is ${describeType(error.message)}, not a string`;
  return undefined;
}

/** Classify one already-parsed JSON value that should be a single JSON-RPC message. */
export function classifyMessage(value: unknown): SingleFrame {
  if (!isRecord(value)) {
    return { kind: 'invalid', code: 'not-object', reason: `message is ${describeType(value)}, not a JSON object`, value };
  }
  if (!('jsonrpc' in value)) return { kind: 'invalid', code: 'jsonrpc-version', reason: 'the "jsonrpc" member is missing', value };
  if (value.jsonrpc !== '2.0') {
    return { kind: 'invalid', code: 'jsonrpc-version', reason: `"jsonrpc" is ${short(value.jsonrpc)}, not "2.0"`, value };
  }
  const hasId = 'id' in value;
  const hasMethod = 'method' in value;
  const hasResult = 'result' in value;
  const hasError = 'error' in value;

  if (hasMethod) {
    if (typeof value.method !== 'string') {
      return { kind: 'invalid', code: 'method-type', reason: `"method" is ${describeType(value.method)}, not a string`, value };
    }
    if (hasResult || hasError) {
      return { kind: 'invalid', code: 'method-with-result', reason: 'a message with "method" must not also carry "result" or "error"', value };
    }
    if ('params' in value && value.params !== undefined && typeof value.params !== 'object') {
      return { kind: 'invalid', code: 'params-type', reason: `"params" is ${describeType(value.params)}, not an object or array`, value };
    }
    if ('params' in value && value.params === null) {
      return { kind: 'invalid', code: 'params-type', reason: '"params" is null, not an object or array', value };
    }
    if (!hasId) return { kind: 'notification', message: value as unknown as JsonRpcNotification };
    const problem = idProblem(value.id);
    if (problem) return { kind: 'invalid', code: 'id-type', reason: `request ${problem}`, value };
    return { kind: 'request', message: value as unknown as JsonRpcRequest };
  }

  if (hasResult && hasError) {
    return { kind: 'invalid', code: 'result-and-error', reason: 'response has both "result" and "error"; exactly one is allowed', value };
  }
  if (!hasResult && !hasError) {
    return { kind: 'invalid', code: 'no-result-or-error', reason: 'message has neither "method" nor "result" nor "error"', value };
  }
  if (hasError) {
    const problem = classifyErrorObject(value.error);
    if (problem) return { kind: 'invalid', code: 'error-shape', reason: problem, value };
    // A null or missing id is how peers answer a frame whose id they could not read.
    if (hasId && value.id !== null) {
      const idErr = idProblem(value.id);
      if (idErr) return { kind: 'invalid', code: 'id-type', reason: `error response ${idErr}`, value };
    }
    return { kind: 'error', message: value as unknown as JsonRpcError };
  }
  if (!hasId) return { kind: 'invalid', code: 'result-without-id', reason: 'response has "result" but no "id"', value };
  const idErr = idProblem(value.id);
  if (idErr) return { kind: 'invalid', code: 'id-type', reason: `response ${idErr}`, value };
  return { kind: 'response', message: value as unknown as JsonRpcSuccess };
}

/** Classify an already-parsed JSON value: a message, a batch, or invalid. */
export function classifyValue(value: unknown): Frame {
  if (Array.isArray(value)) {
    if (value.length === 0) return { kind: 'invalid', code: 'empty-batch', reason: 'batch is an empty array', value };
    return { kind: 'batch', items: value.map(classifyMessage) };
  }
  return classifyMessage(value);
}

/** Parse JSON without throwing. */
export function parseJson(text: string): Result<unknown> {
  try {
    return ok(JSON.parse(text) as unknown);
  } catch (e) {
    return err(e instanceof Error ? e.message : String(e));
  }
}

/** Classify one raw text frame. Never throws. */
export function classifyFrame(text: string): Frame {
  if (text.trim() === '') return { kind: 'invalid', code: 'empty', reason: 'frame is empty' };
  const parsed = parseJson(text);
  if (!parsed.ok) return { kind: 'invalid', code: 'not-json', reason: notJsonReason(text, parsed.error) };
  return withIdSpellings(text, classifyValue(parsed.value));
}

/** Keep the raw spelling of numeric ids that JSON.parse cannot give back (see id-spelling.ts). */
function withIdSpellings(text: string, frame: Frame): Frame {
  const items = frame.kind === 'batch' ? frame.items : [frame];
  let spellings: Array<string | undefined> | undefined;
  items.forEach((item, index) => {
    if (item.kind !== 'request' && item.kind !== 'response' && item.kind !== 'error') return;
    const id = item.message.id;
    if (typeof id !== 'number') return;
    if (frame.kind !== 'batch' && !numericIdNeedsScan(text, id)) return;
    spellings ??= idSpellings(text);
    const spelled = spellings[index];
    if (spelled !== undefined && spelled !== String(id)) item.idText = spelled;
  });
  return frame;
}

/** A byte-order mark is invisible in most views, so say so when it is what breaks the JSON. */
function notJsonReason(text: string, error: string): string {
  if (!text.startsWith('\uFEFF')) return `not JSON: ${error}`;
  const mark = 'it starts with a byte-order mark (U+FEFF, bytes EF BB BF), which JSON does not allow, so peers fail to parse it';
  const rest = parseJson(text.slice(1));
  return rest.ok ? `not JSON: ${mark}; without the mark it would be valid JSON` : `not JSON: ${mark}; after the mark: ${rest.error}`;
}

/** Serialize one message (or a batch) as a single line of JSON text. */
export function serializeMessage(message: JsonRpcMessage | JsonRpcMessage[]): string {
  // JSON.stringify never emits raw newlines, so the result is one NDJSON line.
  return JSON.stringify(message);
}

export function makeRequest(id: JsonRpcId, method: string, params?: unknown): JsonRpcRequest {
  return params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params };
}

export function makeNotification(method: string, params?: unknown): JsonRpcNotification {
  return params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params };
}

export function makeResult(id: JsonRpcId, result: unknown): JsonRpcSuccess {
  return { jsonrpc: '2.0', id, result };
}

export function makeError(id: JsonRpcId | null, code: number, message: string, data?: unknown): JsonRpcError {
  const error: JsonRpcErrorObject = data === undefined ? { code, message } : { code, message, data };
  return { jsonrpc: '2.0', id, error };
}

/** The method of a frame, when it has one (requests and notifications). */
export function frameMethod(frame: Frame): string | undefined {
  if (frame.kind === 'request' || frame.kind === 'notification') return frame.message.method;
  return undefined;
}

/** The id of a frame, when it has a usable one. */
export function frameId(frame: Frame): JsonRpcId | undefined {
  if (frame.kind === 'request' || frame.kind === 'response') return frame.message.id;
  if (frame.kind === 'error') return frame.message.id ?? undefined;
  return undefined;
}

export const ErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  // 2026-07-28: codes the specification reserves in -32020..-32099.
  HeaderMismatch: -32020,
  MissingRequiredClientCapability: -32021,
  UnsupportedProtocolVersion: -32022,
} as const;
