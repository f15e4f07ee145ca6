// The server the options point at, the same way in both programs: a command
// (npm start's words after its options, the CLI's --stdio) with -e and --cwd,
// or --url with --header (and the CLI's --mode). Combinations that would be
// silently ignored are refused with a sentence.

import type { HttpMode, TransportConfig } from '../src/protocol/wire.js';
import type { OptionValues } from './table.js';
import { refused, type Checked } from './values.js';

export interface ServerOptions {
  /** Undefined when no command was given (npm start then prefills its demo server). */
  command?: string;
  args: string[];
  /** From -e KEY=VALUE, in order; a later entry wins. */
  env: Record<string, string>;
  cwd?: string;
  url?: string;
  headers: Record<string, string>;
  mode?: HttpMode;
}

/** Pairs into an object; entries are own data properties, so "__proto__" is an ordinary key. */
function record(pairs: ReadonlyArray<readonly [string, string]> | undefined): Record<string, string> {
  return Object.fromEntries(pairs ?? []);
}

/**
 * @param command the server command, if one was given
 * @param commandWord how the program asks for a command, for messages ("a server command", "--stdio")
 */
export function serverOptionsFrom(values: OptionValues, command: { command: string; args: string[] } | undefined, commandWord: string): Checked<ServerOptions> {
  const { url } = values;
  if (url !== undefined && command !== undefined) {
    return refused(`Give either ${commandWord} or --url, not both (got --url ${url} and the command "${command.command}").`);
  }
  if (url === undefined) {
    if (values.header !== undefined) return refused('--header goes with --url: it sets a request header of the remote server.');
    if (values.mode !== undefined) return refused('--mode goes with --url: it chooses how to reach the remote server.');
  } else {
    const started = (what: string) => `${what} of a server mcpscope starts, not of one at --url.`;
    if (values.env !== undefined) return refused(`-e goes with ${commandWord}: it sets ${started('an environment variable')}`);
    if (values.cwd !== undefined) return refused(`--cwd goes with ${commandWord}: it sets ${started('the working directory')}`);
  }
  const server: ServerOptions = { args: command?.args ?? [], env: record(values.env), headers: record(values.header) };
  if (command !== undefined) server.command = command.command;
  if (values.cwd !== undefined) server.cwd = values.cwd;
  if (url !== undefined) server.url = url;
  if (values.mode !== undefined) server.mode = values.mode;
  return { ok: true, value: server };
}

/**
 * The transport config both the proxy (its Connect prefill) and the CLI (its
 * upstream) take. Without a URL or a command: the fallback server (npm start's
 * demo), or undefined.
 */
export function transportOf(server: ServerOptions, fallback: { command: string; args: string[] }): TransportConfig;
export function transportOf(server: ServerOptions): TransportConfig | undefined;
export function transportOf(server: ServerOptions, fallback?: { command: string; args: string[] }): TransportConfig | undefined {
  if (server.url !== undefined) return { kind: 'http', url: server.url, headers: { ...server.headers }, mode: server.mode ?? 'auto' };
  const started = server.command !== undefined ? { command: server.command, args: server.args } : fallback;
  if (started === undefined) return undefined;
  const config: TransportConfig = { kind: 'stdio', command: started.command, args: [...started.args], env: { ...server.env } };
  if (server.cwd !== undefined) config.cwd = server.cwd;
  return config;
}
