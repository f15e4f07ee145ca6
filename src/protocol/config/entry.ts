// The saved-server model: everything one connection needs, whatever file it came from.
// The transport is the same TransportConfig the page and the CLI open today.

import type { TransportConfig } from '../envelope/envelope.js';
import { maskHeaderValue } from '../http/headers.js';
import { maskSecret } from '../http/secrets.js';
import type { Root } from '../mcp/roots.js';
import type { ClientFeatures } from '../session/client-capabilities.js';
import type { VersionChoice } from '../versions.js';

export interface ServerEntry {
  /** The name in the file: unique within it, what --server picks. */
  name: string;
  transport: TransportConfig;
  /** The protocol version to speak; absent: the connecting side's default. */
  protocolVersion?: VersionChoice;
  /** Env keys (stdio) or header names (HTTP) the person marked secret, beyond those `isSecretName` catches. */
  secretKeys: string[];
  /** VS Code's envFile: a dotenv file whose variables are set before `env` (read by the side that has files). */
  envFile?: string;
  /** The client features switched on for this server; absent: the connecting side's defaults. */
  clientFeatures?: ClientFeatures;
  /** The roots offered to this server; absent: the connecting side's. */
  roots?: Root[];
}

const SECRET_WORDS = /key|token|secret|password|passwd|authorization|cookie|credential/i;

/** The one rule for names whose values are secrets: *KEY*, *TOKEN*, *SECRET*, *PASSWORD*, Authorization, Cookie. */
export function isSecretName(name: string): boolean {
  return SECRET_WORDS.test(name);
}

/** Whether this entry's env key or header name holds a secret, by the rule or because the person marked it. */
export function isSecretKey(entry: Pick<ServerEntry, 'secretKeys'>, key: string): boolean {
  return isSecretName(key) || entry.secretKeys.some((k) => k.toLowerCase() === key.toLowerCase());
}

/** The entry's env values (stdio) or header values (HTTP), by key. */
export function keyedValues(transport: TransportConfig): Record<string, string> {
  return transport.kind === 'stdio' ? transport.env : transport.headers;
}

/** The entry as it may be shown or logged: every secret value through the one mask. */
export function maskedEntry(entry: ServerEntry): ServerEntry {
  const masked = (values: Record<string, string>, mask: (key: string, value: string) => string) =>
    Object.fromEntries(Object.entries(values).map(([k, v]) => [k, isSecretKey(entry, k) ? mask(k, v) : v]));
  const t = entry.transport;
  if (t.kind === 'stdio') return { ...entry, transport: { ...t, env: masked(t.env, (_k, v) => maskSecret(v)) } };
  const auth = t.auth?.clientSecret !== undefined ? { auth: { ...t.auth, clientSecret: maskSecret(t.auth.clientSecret) } } : {};
  return { ...entry, transport: { ...t, headers: masked(t.headers, maskHeaderValue), ...auth } };
}
