// The connection form's values, and turning them into a connect request.

import {
  DEFAULT_PROTOCOL_VERSION,
  type ProtocolVersion,
  type StdioTransportConfig,
} from '../../../protocol/index.js';
import type { ConnectRequest } from '../../connection/controller.js';
import { joinArgs, splitArgs } from './split-args.js';

export interface EnvRow {
  /** Stable React key. */
  key: number;
  name: string;
  value: string;
}

export interface ConnectForm {
  command: string;
  argsText: string;
  env: EnvRow[];
  cwd: string;
  protocolVersion: ProtocolVersion;
}

let nextRowKey = 1;

export function newEnvRow(name = '', value = ''): EnvRow {
  return { key: nextRowKey++, name, value };
}

export function formFromPrefill(prefill: StdioTransportConfig | undefined): ConnectForm {
  return {
    command: prefill?.command ?? '',
    argsText: prefill ? joinArgs(prefill.args) : '',
    env: Object.entries(prefill?.env ?? {}).map(([name, value]) => newEnvRow(name, value)),
    cwd: prefill?.cwd ?? '',
    protocolVersion: DEFAULT_PROTOCOL_VERSION,
  };
}

export type BuildResult = { ok: true; request: ConnectRequest } | { ok: false; errors: string[] };

export function buildConnectRequest(form: ConnectForm): BuildResult {
  const errors: string[] = [];
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
  if (errors.length > 0) return { ok: false, errors };
  const transport: StdioTransportConfig = { kind: 'stdio', command, args: split.args, env };
  if (form.cwd.trim() !== '') transport.cwd = form.cwd.trim();
  return { ok: true, request: { transport, protocolVersion: form.protocolVersion } };
}
