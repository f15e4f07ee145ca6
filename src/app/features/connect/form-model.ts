// The connection form's values, and turning them into a connect request.

import {
  headerNameProblem,
  headerValueProblem,
  httpUrlProblem,
  joinArgs,
  KEPT_SECRET,
  splitArgs,
  type HttpMode,
  type HttpTransportConfig,
  type StdioTransportConfig,
  type TransportConfig,
} from '../../../protocol/index.js';
import type { ConnectRequest } from '../../connection/controller.js';
import type { VersionPrefs } from './connection-prefs.js';
import { buildAuthConfig, type AuthSettings } from './auth-settings.js';

/** One NAME / VALUE row: an environment variable or a request header. */
export interface EnvRow {
  /** Stable React key. */
  key: number;
  name: string;
  value: string;
  /** Marked secret by the person (a name like API_KEY is one anyway, see isSecretName). */
  secret?: boolean;
}

export type HeaderRow = EnvRow;

export type TransportKind = TransportConfig['kind'];

export interface ConnectForm {
  transportKind: TransportKind;
  // stdio
  command: string;
  argsText: string;
  env: EnvRow[];
  cwd: string;
  // HTTP
  url: string;
  headers: HeaderRow[];
  httpMode: HttpMode;
}

let nextRowKey = 1;

export function newEnvRow(name = '', value = ''): EnvRow {
  return { key: nextRowKey++, name, value };
}

export const newHeaderRow = newEnvRow;

export function formFromPrefill(prefill: TransportConfig | undefined): ConnectForm {
  const stdio = prefill?.kind === 'stdio' ? prefill : undefined;
  const http = prefill?.kind === 'http' ? prefill : undefined;
  return {
    transportKind: http ? 'http' : 'stdio',
    command: stdio?.command ?? '',
    argsText: stdio ? joinArgs(stdio.args) : '',
    env: Object.entries(stdio?.env ?? {}).map(([name, value]) => newEnvRow(name, value)),
    cwd: stdio?.cwd ?? '',
    url: http?.url ?? '',
    headers: Object.entries(http?.headers ?? {}).map(([name, value]) => newHeaderRow(name, value)),
    httpMode: http?.mode ?? 'auto',
  };
}

export type BuildResult = { ok: true; request: ConnectRequest } | { ok: false; errors: string[] };

function buildStdio(form: ConnectForm, errors: string[]): StdioTransportConfig {
  const command = form.command.trim();
  if (command === '') errors.push('Enter a command to start the server (for example node or npx).');
  const split = splitArgs(form.argsText);
  if (!split.ok) errors.push(`Arguments: ${split.error}`);
  const env: Record<string, string> = {};
  form.env.forEach((row, i) => {
    const name = row.name.trim();
    if (name === '' && row.value === '') return;
    if (name === '') errors.push(`Environment variable ${i + 1} has a value but no name.`);
    else if (name.includes('=')) errors.push(`Environment variable name ${JSON.stringify(name)} must not contain "=".`);
    else env[name] = row.value;
  });
  const transport: StdioTransportConfig = { kind: 'stdio', command, args: split.args, env };
  if (form.cwd.trim() !== '') transport.cwd = form.cwd.trim();
  return transport;
}

function buildHttp(form: ConnectForm, errors: string[], authSettings: AuthSettings | undefined): HttpTransportConfig {
  const urlProblem = httpUrlProblem(form.url);
  if (urlProblem !== undefined) errors.push(urlProblem);
  const headers: Record<string, string> = {};
  const seen = new Set<string>();
  form.headers.forEach((row, i) => {
    const name = row.name.trim();
    const value = row.value.trim();
    if (name === '' && value === '') return;
    // A kept secret is replaced by the proxy, with the value it holds.
    const valueProblem = value === KEPT_SECRET ? undefined : headerValueProblem(name, value);
    const problem = name === '' ? `Header ${i + 1} has a value but no name.` : (headerNameProblem(name) ?? valueProblem);
    if (problem !== undefined) errors.push(problem);
    else if (seen.has(name.toLowerCase())) errors.push(`The header ${name} is given twice; keep one.`);
    else {
      seen.add(name.toLowerCase());
      headers[name] = value;
    }
  });
  const auth = authSettings ? buildAuthConfig(authSettings, Object.keys(headers), errors) : undefined;
  return { kind: 'http', url: form.url.trim(), headers, mode: form.httpMode, ...(auth ? { auth } : {}) };
}

/** The transport from the form; the version (or Auto, and its probe) from the kept choice; HTTP's OAuth from the auth settings. */
export function buildConnectRequest(form: ConnectForm, version: VersionPrefs, authSettings?: AuthSettings): BuildResult {
  const errors: string[] = [];
  const transport = form.transportKind === 'http' ? buildHttp(form, errors, authSettings) : buildStdio(form, errors);
  if (errors.length > 0) return { ok: false, errors };
  // The probe switch means something only under Auto; a version picked by hand never probes.
  const request: ConnectRequest = { transport, protocolVersion: version.choice };
  if (version.choice === 'auto') request.probe = version.probe;
  return { ok: true, request };
}
