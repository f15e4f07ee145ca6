// Command-line options of the proxy (npm start), read against the one table
// in options/. The first positional word starts the server command: everything
// after it belongs to the server, so `mcpscope node server.js --port 3` passes
// `--port 3` to the server.
import { isAbsolute, resolve } from 'node:path';
import type { LaunchConfig } from '../src/protocol/wire.js';
import { configOptionsFrom, type ConfigOptions } from '../options/config.js';
import { optionHelp, optionSynopsis } from '../options/help.js';
import { readOptions } from '../options/read.js';
import { serverOptionsFrom, transportOf, type ServerOptions } from '../options/server.js';
import { DEFAULT_HOST, DEFAULT_MAX_SERVERS, DEFAULT_PORT, OPTIONS, optionsOf, type DemoServer, type OptionValues } from '../options/table.js';
import { accepted, refused, type Checked } from '../options/values.js';

export interface ProxyOptions extends ServerOptions {
  port: number;
  /** The app sandbox's port; undefined: a free one. */
  sandboxPort?: number;
  host: string;
  open: boolean;
  /** Normalised origins (scheme://host[:port]). */
  allowOrigins: string[];
  /** Servers (stdio or HTTP) running at once, over every tab and connection. */
  maxServers: number;
  /** OAuth: persist credentials in the 0600 file (defaultCredentialFile). */
  rememberCredentials: boolean;
  /** Which bundled demo to prefill (given only with --demo; the legacy one otherwise). */
  demo?: DemoServer;
  /** --config FILE [--server NAME] [--input ID=VALUE]: the servers of that file, offered to the page. */
  config?: ConfigOptions;
  /** --server NAME without --config: the saved server (servers.json) to select and prefill. */
  saved?: string;
  help: boolean;
}

export type ParseResult = { ok: true; options: ProxyOptions } | { ok: false; error: string };

/** The first usage line shows every option but those of --url and --config, which have lines of their own. */
const ofOtherLines = new Set<string>([OPTIONS.url.flag, OPTIONS.header.flag, OPTIONS.config.flag, OPTIONS.server.flag, OPTIONS.input.flag, OPTIONS.help.flag]);
const synopses = optionsOf('proxy')
  .filter(([, spec]) => !ofOtherLines.has(spec.flag))
  .map(([, spec]) => optionSynopsis(spec));

export const USAGE = [
  `Usage: mcpscope start ${synopses.join(' ')} [--] [command args...]`,
  `       mcpscope start [options] ${OPTIONS.url.flag} ${OPTIONS.url.placeholder} ${optionSynopsis(OPTIONS.header)}`,
  `       mcpscope start [options] ${OPTIONS.config.flag} ${OPTIONS.config.placeholder} ${optionSynopsis(OPTIONS.server)} ${optionSynopsis(OPTIONS.input)}`,
  `       mcpscope start [options] ${OPTIONS.server.flag} ${OPTIONS.server.placeholder}`,
].join('\n');

export const HELP = [
  USAGE,
  '',
  'Opens the mcpscope inspector in your browser. The command (default: the bundled',
  'demo server, see --demo) is only prefilled in the Connect form; nothing starts until you press Connect.',
  '',
  ...optionHelp('proxy'),
  '',
  'Everything after the command belongs to the server: mcpscope start node server.js --port 3',
  '(From a clone, npm start -- … takes the same options.)',
].join('\n');

export function parseOptions(argv: readonly string[]): ParseResult {
  const read = readOptions(argv, 'proxy', { untilCommand: true });
  if (!read.ok) {
    const hint = read.error.startsWith('Unknown option') ? ' Options of the server go after its command; see mcpscope --help.' : '';
    return refused(`${read.error}${hint}`);
  }
  const { values, command } = read.value;
  const [first, ...args] = command;
  const saved = values.config === undefined && values.server !== undefined ? savedOptionFrom(values, first) : accepted(undefined);
  if (!saved.ok) return saved;
  const config = saved.value === undefined ? configOptionsFrom(values, first, 'a server command') : accepted(undefined);
  if (!config.ok) return config;
  const server = serverOptionsFrom(values, first === undefined ? undefined : { command: first, args }, 'a server command');
  if (!server.ok) return server;
  if (values.demo !== undefined && (first !== undefined || values.url !== undefined)) {
    const given = values.url !== undefined ? `--url ${values.url}` : `the command "${first}"`;
    return refused(`--demo prefills a bundled demo server instead of a command or --url; give one or the other (got --demo ${values.demo} and ${given}).`);
  }
  const options: ProxyOptions = {
    port: values.port ?? DEFAULT_PORT,
    host: values.host ?? DEFAULT_HOST,
    open: values.noOpen !== true,
    allowOrigins: values.allowOrigin ?? [],
    maxServers: values.maxServers ?? DEFAULT_MAX_SERVERS,
    rememberCredentials: values.rememberCredentials === true,
    help: values.help === true,
    ...server.value,
  };
  if (values.sandboxPort !== undefined) options.sandboxPort = values.sandboxPort;
  if (values.demo !== undefined) options.demo = values.demo;
  if (config.value !== undefined) options.config = config.value;
  if (saved.value !== undefined) options.saved = saved.value;
  return { ok: true, options };
}

/** --server NAME alone: the saved server says how to reach it, so an option that says it too is refused. */
function savedOptionFrom(values: OptionValues, command: string | undefined): Checked<string | undefined> {
  const flag = OPTIONS.server.flag;
  const name = values.server!;
  if (command !== undefined || values.url !== undefined) {
    const given = command !== undefined ? `the command "${command}"` : `--url ${values.url}`;
    return refused(
      `Give ${flag} or ${command !== undefined ? 'a server command' : '--url'}, not both: the saved server says how to reach the server (got ${flag} ${name} and ${given}).`,
    );
  }
  if (values.demo !== undefined) return refused(`--demo prefills a bundled demo server; it does not go with ${flag} ${name}, which prefills a saved one.`);
  const extra = (['env', 'cwd', 'header'] as const).find((key) => values[key] !== undefined);
  if (extra)
    return refused(`${OPTIONS[extra].flag} goes with a server command or --url, not ${flag} alone: set it in the saved server, in the inspector's page.`);
  if (values.input !== undefined) return refused(`${OPTIONS.input.flag} goes with ${OPTIONS.config.flag}: a saved server keeps its values.`);
  return accepted(name);
}

/** What the UI prefills: the given URL or command, or the demo server when there is neither. Starts nothing. */
export function launchConfigFor(
  options: ProxyOptions,
  demo: { command: string; args: string[] },
  version: string,
  baseDir: string = process.cwd(),
): LaunchConfig {
  const { cwd } = options;
  const absolute = cwd === undefined || isAbsolute(cwd) ? options : { ...options, cwd: resolve(baseDir, cwd) };
  const config: LaunchConfig = { version, prefill: transportOf(absolute, demo) };
  // The 2026-07-28 demo opens with Auto, so Connect speaks its generation (it answers initialize too).
  if (options.demo === 'modern') config.protocolChoice = 'auto';
  return config;
}
