// Command-line options of the proxy. The first positional word starts the
// server command: everything after it belongs to the server, so
// `mcpscope node server.js --port 3` passes `--port 3` to the server.
import { isAbsolute, resolve } from 'node:path';
import { httpUrlProblem, parseHeaderLine, type LaunchConfig, type StdioTransportConfig } from '../src/protocol/index.js';
import { DEFAULT_MAX_SERVERS } from './server-limit.js';

export const DEFAULT_PORT = 6290;
export const DEFAULT_HOST = '127.0.0.1';

export interface ProxyOptions {
  port: number;
  host: string;
  open: boolean;
  cwd?: string;
  /** From -e KEY=VALUE, in order; later entries win. */
  env: Record<string, string>;
  /** Normalised origins (scheme://host[:port]). */
  allowOrigins: string[];
  /** Servers (stdio or HTTP) running at once, over every tab and connection. */
  maxServers: number;
  help: boolean;
  /** The server to prefill; undefined means the demo server. */
  command?: string;
  args: string[];
  /** A remote server to prefill instead (--url), with its --header lines. */
  url?: string;
  headers: Record<string, string>;
}

export type ParseResult = { ok: true; options: ProxyOptions } | { ok: false; error: string };

export const USAGE =
  'Usage: mcpscope [--port N] [--host H] [--no-open] [--cwd DIR] [-e KEY=VALUE]... [--allow-origin URL]... [--max-servers N] [--] [command args...]\n' +
  '       mcpscope [options] --url URL [--header "Name: value"]...';

export const HELP = `${USAGE}

Opens the mcpscope inspector in your browser. The command (default: the bundled
demo server) is only prefilled in the Connect form; nothing starts until you press Connect.

  --port N            port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)
  --host H            address to bind (default ${DEFAULT_HOST}; anything else exposes a
                      process launcher to your network)
  --no-open           do not open a browser
  --cwd DIR           working directory of the server
  -e KEY=VALUE        environment variable for the server (repeatable)
  --allow-origin URL  another origin allowed to connect, e.g. a dev server (repeatable)
  --max-servers N     servers running at once, over all tabs (default ${DEFAULT_MAX_SERVERS})
  --url URL           prefill a remote server (Streamable HTTP, HTTP+SSE or plain
                      JSON-RPC over HTTP) instead of a command
  --header "N: V"     a request header for --url, e.g. "Authorization: Bearer …" (repeatable)
  --help              show this help

Everything after the command belongs to the server: mcpscope node server.js --port 3`;

const WITH_VALUE = new Set(['--port', '--host', '--cwd', '-e', '--env', '--allow-origin', '--max-servers', '--url', '--header']);
const MAX_SERVERS_CEILING = 1000;

function applyValue(options: ProxyOptions, name: string, value: string): string | undefined {
  switch (name) {
    case '--port': {
      const port = /^\d{1,5}$/.test(value) ? Number(value) : NaN;
      if (!(port >= 0 && port <= 65535)) return `--port needs a number from 0 to 65535, not "${value}".`;
      options.port = port;
      return undefined;
    }
    case '--host':
      if (value.trim() === '') return '--host needs an address, such as 127.0.0.1.';
      options.host = value.trim();
      return undefined;
    case '--cwd':
      if (value === '') return '--cwd needs a directory.';
      options.cwd = value;
      return undefined;
    case '-e':
    case '--env': {
      const eq = value.indexOf('=');
      if (eq === -1) return `${name} needs KEY=VALUE, but "${value}" has no "=" (write ${name} ${value}=... to set it).`;
      if (eq === 0) return `${name} needs KEY=VALUE, but "${value}" has no key before the "=".`;
      options.env[value.slice(0, eq)] = value.slice(eq + 1);
      return undefined;
    }
    case '--allow-origin': {
      let origin: string;
      try {
        const url = new URL(value);
        origin = url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : 'null';
      } catch {
        origin = 'null';
      }
      if (origin === 'null') return `--allow-origin needs an http(s) URL such as http://localhost:5173, not "${value}".`;
      options.allowOrigins.push(origin);
      return undefined;
    }
    case '--max-servers': {
      const max = /^\d{1,4}$/.test(value) ? Number(value) : NaN;
      if (!(max >= 1 && max <= MAX_SERVERS_CEILING)) return `--max-servers needs a whole number from 1 to ${MAX_SERVERS_CEILING}, not "${value}".`;
      options.maxServers = max;
      return undefined;
    }
    case '--url': {
      const problem = httpUrlProblem(value);
      if (problem !== undefined) return `--url: ${problem}`;
      options.url = value.trim();
      return undefined;
    }
    case '--header': {
      const header = parseHeaderLine(value);
      if (!header.ok) return `--header: ${header.error}`;
      options.headers[header.name] = header.value;
      return undefined;
    }
  }
  return undefined;
}

export function parseOptions(argv: readonly string[]): ParseResult {
  const options: ProxyOptions = {
    port: DEFAULT_PORT,
    host: DEFAULT_HOST,
    open: true,
    env: {},
    allowOrigins: [],
    maxServers: DEFAULT_MAX_SERVERS,
    help: false,
    args: [],
    headers: {},
  };
  let i = 0;
  while (i < argv.length) {
    const arg = argv[i]!;
    if (arg === '--') {
      i++;
      break;
    }
    if (!arg.startsWith('-') || arg === '-') break; // the server command starts here
    i++;
    if (arg === '--help' || arg === '-h') {
      options.help = true;
      continue;
    }
    if (arg === '--no-open') {
      options.open = false;
      continue;
    }
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq === -1 ? arg : arg.slice(0, eq);
    if (!WITH_VALUE.has(name)) {
      return { ok: false, error: `Unknown option "${arg}". Options of the server go after its command; see mcpscope --help.` };
    }
    let value: string;
    if (eq !== -1) value = arg.slice(eq + 1);
    else {
      const next = argv[i];
      if (next === undefined) return { ok: false, error: `${name} needs a value; see mcpscope --help.` };
      value = next;
      i++;
    }
    const problem = applyValue(options, name, value);
    if (problem !== undefined) return { ok: false, error: problem };
  }
  const rest = argv.slice(i);
  if (rest.length > 0) {
    options.command = rest[0];
    options.args = rest.slice(1);
  }
  if (options.url !== undefined && options.command !== undefined) {
    return { ok: false, error: `Give either a server command or --url, not both (got --url ${options.url} and the command "${options.command}").` };
  }
  if (options.url === undefined && Object.keys(options.headers).length > 0) {
    return { ok: false, error: '--header goes with --url: it sets a request header of the remote server.' };
  }
  return { ok: true, options };
}

/** What the UI prefills: the given URL or command, or the demo server when there is neither. Starts nothing. */
export function launchConfigFor(
  options: ProxyOptions,
  demo: { command: string; args: string[] },
  version: string,
  baseDir: string = process.cwd(),
): LaunchConfig {
  if (options.url !== undefined) {
    return { version, prefill: { kind: 'http', url: options.url, headers: { ...options.headers }, mode: 'auto' } };
  }
  const prefill: StdioTransportConfig = {
    kind: 'stdio',
    command: options.command ?? demo.command,
    args: options.command === undefined ? [...demo.args] : [...options.args],
    env: { ...options.env },
  };
  if (options.cwd !== undefined) prefill.cwd = isAbsolute(options.cwd) ? options.cwd : resolve(baseDir, options.cwd);
  return { version, prefill };
}
