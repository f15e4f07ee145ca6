// The request headers of Streamable HTTP in 2026-07-28: Mcp-Method and Mcp-Name
// mirrored from the body, Mcp-Param-{Name} mirrored from tool arguments whose
// schema property carries `x-mcp-header`, the Base64 sentinel for values a
// header cannot carry as they are, and which `x-mcp-header` annotations make a
// tool invalid. Pure: the HTTP upstream, the Tools tab, the CLI and lint use it.

import { isRecord } from '../json/guards.js';
import { META_PROTOCOL_VERSION } from '../mcp/modern-meta.js';
import { isModernVersion } from '../versions.js';

export const MCP_METHOD_HEADER = 'mcp-method';
export const MCP_NAME_HEADER = 'mcp-name';
export const MCP_PARAM_HEADER_PREFIX = 'mcp-param-';

/** RFC 9110 tchar. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const SENTINEL = /^=\?base64\?(.*)\?=$/s;
// Printable ASCII and space only; a tab is legal in a field value, but a leading one is not and
// servers disagree on inner ones, so every tab is Base64-encoded (always a valid encoding).
const PLAIN = /^[\x20-\x7e]*$/;

/**
 * The protocol version a request's `_meta` names, when it is a modern one
 * (2026-07-28 or later): such a request travels by the 2026-07-28 transport rules.
 */
export function modernFrameVersion(params: unknown): string | undefined {
  const meta = isRecord(params) && isRecord(params._meta) ? params._meta : undefined;
  const version = meta?.[META_PROTOCOL_VERSION];
  return typeof version === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(version) && isModernVersion(version) ? version : undefined;
}

function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** A value as a header carries it: as it is when plain ASCII, else `=?base64?…?=` of its UTF-8. */
export function encodeHeaderValue(value: string): string {
  const plain = PLAIN.test(value) && value === value.trim() && !SENTINEL.test(value);
  return plain ? value : `=?base64?${base64Utf8(value)}?=`;
}

/** What an encoded header value stands for (a sentinel that is not valid Base64 is returned as it is). */
export function decodeHeaderValue(value: string): string {
  const m = SENTINEL.exec(value);
  if (!m) return value;
  try {
    const binary = atob(m[1]!);
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return value;
  }
}

/** One annotated argument: the header's name part and the chain of `properties` keys to the value. */
export interface ToolHeader {
  header: string;
  path: string[];
}

export type ToolHeaderCheck = { ok: true; headers: ToolHeader[] } | { ok: false; problems: string[] };

const PRIMITIVE_TYPES = new Set(['string', 'integer', 'boolean']);
/** Keys whose values are data, not subschemas: an `x-mcp-header` key inside them is no annotation. */
const DATA_KEYWORDS = new Set(['default', 'examples', 'const', 'enum', 'description', 'title']);
const MAX_DEPTH = 64;

function pathText(path: readonly string[]): string {
  return path.length === 0 ? 'the schema root' : `property "${path.join('.')}"`;
}

function nameProblem(name: string): string | undefined {
  if (name === '') return 'is empty';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'contains a control character';
  if (/[^\x20-\x7e]/.test(name)) return 'contains non-ASCII characters';
  if (!TOKEN.test(name)) return 'contains characters a header name cannot have (such as a space or a colon)';
  return undefined;
}

/**
 * Whether a tool's `x-mcp-header` annotations are valid (2026-07-28, tools#x-mcp-header): a non-empty
 * token, case-insensitively unique, on an integer, string or boolean property reachable from the root
 * through `properties` alone. A client on Streamable HTTP must exclude a tool that breaks any of it.
 */
export function toolHeaderCheck(inputSchema: unknown): ToolHeaderCheck {
  const headers: ToolHeader[] = [];
  const problems: string[] = [];
  const walk = (node: unknown, path: string[], reachable: boolean, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    if (Array.isArray(node)) {
      for (const item of node) walk(item, path, false, depth + 1);
      return;
    }
    if (!isRecord(node)) return;
    if ('x-mcp-header' in node) {
      const name = node['x-mcp-header'];
      const where = pathText(path);
      const type = node.type;
      if (!reachable || path.length === 0) {
        problems.push(
          `${where}: x-mcp-header is only allowed on a property reached through "properties" alone (not items, oneOf, anyOf, allOf, not, if/then/else or $ref).`,
        );
      } else if (typeof name !== 'string') {
        problems.push(`${where}: x-mcp-header must be a string, not ${JSON.stringify(name)}.`);
      } else if (nameProblem(name) !== undefined) {
        problems.push(`${where}: x-mcp-header ${JSON.stringify(name)} ${nameProblem(name)}.`);
      } else if (typeof type !== 'string' || !PRIMITIVE_TYPES.has(type)) {
        problems.push(
          `${where}: x-mcp-header ${JSON.stringify(name)} is on a property of type ${JSON.stringify(type ?? 'unspecified')}; only integer, string and boolean may be mirrored (not number).`,
        );
      } else {
        const twin = headers.find((h) => h.header.toLowerCase() === name.toLowerCase());
        if (twin)
          problems.push(
            `${where}: x-mcp-header ${JSON.stringify(name)} repeats ${JSON.stringify(twin.header)} of ${pathText(twin.path)} (names compare case-insensitively).`,
          );
        else headers.push({ header: name, path });
      }
    }
    for (const [key, value] of Object.entries(node)) {
      if (DATA_KEYWORDS.has(key) || key === 'x-mcp-header') continue;
      if (key === 'properties' && isRecord(value)) {
        for (const [prop, sub] of Object.entries(value)) walk(sub, [...path, prop], reachable, depth + 1);
      } else walk(value, path, false, depth + 1);
    }
  };
  walk(inputSchema, [], true, 0);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, headers };
}

/** A sentence when a tool must not be called over Streamable HTTP because of its annotations, else undefined. */
export function toolHeaderRejection(tool: { name?: unknown; inputSchema?: unknown }): string | undefined {
  const check = toolHeaderCheck(tool.inputSchema);
  if (check.ok) return undefined;
  return `Excluded: its x-mcp-header annotations are invalid, so a client on Streamable HTTP must not call it. ${check.problems.join(' ')}`;
}

/** An argument as a header's text (before encoding); undefined when it is absent or null. */
export function paramHeaderText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function valueAt(args: unknown, path: readonly string[]): unknown {
  let node = args;
  for (const key of path) {
    if (!isRecord(node) || !Object.hasOwn(node, key)) return undefined;
    node = node[key];
  }
  return node;
}

export interface McpRequestHeaders {
  /** Names in lower case, values encoded. */
  headers: Record<string, string>;
  /** What could not be mirrored as the spec asks, for the exchange's warnings. */
  warnings: string[];
}

/**
 * Where Mcp-Name comes from, by method: the spec's three, and the tasks extension's (SEP-2663: the
 * task id, so intermediaries can route a task's requests to the instance that holds it).
 */
const NAME_FIELDS: ReadonlyMap<string, string> = new Map([
  ['tools/call', 'name'],
  ['prompts/get', 'name'],
  ['resources/read', 'uri'],
  ['tasks/get', 'taskId'],
  ['tasks/update', 'taskId'],
  ['tasks/cancel', 'taskId'],
]);

/**
 * The headers a modern request's POST carries besides Accept and Content-Type: MCP-Protocol-Version,
 * Mcp-Method, Mcp-Name (tools/call, prompts/get: params.name; resources/read: params.uri; the tasks
 * extension's tasks/get, tasks/update, tasks/cancel: params.taskId) and, for
 * tools/call, Mcp-Param-{Name} for each annotated argument present (absent and null are omitted).
 */
export function mcpRequestHeaders(version: string, method: string, params: unknown, toolHeaders?: readonly ToolHeader[]): McpRequestHeaders {
  const headers: Record<string, string> = { 'mcp-protocol-version': version, [MCP_METHOD_HEADER]: encodeHeaderValue(method) };
  const warnings: string[] = [];
  const p = isRecord(params) ? params : {};
  const nameField = NAME_FIELDS.get(method);
  if (nameField !== undefined) {
    const name = p[nameField];
    if (typeof name === 'string') headers[MCP_NAME_HEADER] = encodeHeaderValue(name);
    else warnings.push(`params.${nameField} is not a string, so no Mcp-Name header could be sent; the server will reject the request.`);
  }
  if (method === 'tools/call' && toolHeaders !== undefined) {
    for (const { header, path } of toolHeaders) {
      const value = valueAt(p.arguments, path);
      const text = paramHeaderText(value);
      if (text === undefined) {
        if (value !== undefined && value !== null)
          warnings.push(
            `Argument ${path.join('.')} is ${Array.isArray(value) ? 'an array' : typeof value}, which cannot be mirrored into Mcp-Param-${header}.`,
          );
        continue;
      }
      if (typeof value === 'number' && !Number.isSafeInteger(value))
        warnings.push(`Argument ${path.join('.')} (${text}) is not an integer in JavaScript's safe range, as an x-mcp-header value must be.`);
      headers[`${MCP_PARAM_HEADER_PREFIX}${header.toLowerCase()}`] = encodeHeaderValue(text);
    }
  }
  return { headers, warnings };
}
