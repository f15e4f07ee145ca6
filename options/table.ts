// The one table of command-line options, for every program: the inspector
// (`npm start`, proxy/main.ts), the headless CLI (bin/mcpscope.js, cli/) and
// the stdio passthrough (`mcpscope wrap`, wrap/). An option several take is
// declared once, so it is spelled, checked and explained the same way in each.
// Each --help is generated from this table.

import {
  DEFAULT_MAX_ROUNDS,
  DEFAULT_PROTOCOL_VERSION,
  HTTP_MODES,
  LOGGING_LEVELS,
  NEWEST_MODERN_VERSION,
  PROTOCOL_VERSIONS,
  httpUrlProblem,
  isVersionChoice,
  type VersionChoice,
  parseHeaderLine,
  rootUriProblem,
  splitArgs,
  TOKEN_ENDPOINT_AUTH_METHODS,
  clientMetadataUrlProblem,
  PROVIDERS,
  type Provider,
} from '../src/protocol/wire.js';
import { samplingPolicy } from './sampling.js';
import { accepted, keyValue, milliseconds, oneOf, orList, refused, text, wholeNumber, type Check } from './values.js';

export type Program = 'proxy' | 'cli' | 'wrap';

export const PROGRAM_NAME: Record<Program, string> = {
  proxy: 'the inspector (npm start)',
  cli: 'the headless CLI (mcpscope --stdio … or --url …)',
  wrap: 'the passthrough (mcpscope wrap -- COMMAND …)',
};

/** The CLI commands that take options of their own. */
export type CommandName = 'ping' | 'tools call' | 'prompts get' | 'resources read' | 'complete' | 'diff' | 'test' | 'check';

export const DEFAULT_PORT = 6290;
export const DEFAULT_HOST = '127.0.0.1';
/** Servers (stdio or HTTP) one proxy runs at once, over every tab and connection. */
export const DEFAULT_MAX_SERVERS = 8;
const MAX_SERVERS_CEILING = 1000;
export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_PING_INTERVAL_MS = 1000;
/**
 * The bundled demo servers npm start can prefill: the 2025-era one (the default), the 2026-07-28 one,
 * and the OAuth-protected one (which npm start also runs, with its authorization server).
 */
export const DEMO_SERVERS = ['legacy', 'modern', 'oauth'] as const;
export type DemoServer = (typeof DEMO_SERVERS)[number];

interface Described {
  /** The long spelling; parseArgs knows the option by it without the dashes. */
  flag: `--${string}`;
  short?: string;
  /** One line, or several joined by \n; per program where they say different things. */
  help: string | Partial<Record<Program, string>>;
  programs: readonly Program[];
  /** CLI options that belong to these commands only. */
  commands?: readonly CommandName[];
}

export interface SwitchOption extends Described {
  kind: 'switch';
}

export interface ValueOption<T> extends Described {
  /** `list`: repeatable, every value kept in order; `value`: the last one given wins. */
  kind: 'value' | 'list';
  placeholder: string;
  check: Check<T>;
}

export type OptionSpec = SwitchOption | ValueOption<unknown>;

const switchOption = (d: Described): SwitchOption & { kind: 'switch' } => ({ ...d, kind: 'switch' });
const valueOption = <T>(d: Described & { placeholder: string; check: Check<T> }): ValueOption<T> & { kind: 'value' } => ({ ...d, kind: 'value' });
const listOption = <T>(d: Described & { placeholder: string; check: Check<T> }): ValueOption<T> & { kind: 'list' } => ({ ...d, kind: 'list' });

const stdioCommand: Check<{ command: string; args: string[] }> = (value, { flag }) => {
  const split = splitArgs(value);
  if (!split.ok) return refused(`${flag}: ${split.error}`);
  const [command, ...args] = split.args;
  return command ? accepted({ command, args }) : refused(`${flag} needs a command, e.g. ${flag} "node server.js".`);
};

const httpUrl: Check<string> = (value, { flag }) => {
  const problem = httpUrlProblem(value);
  return problem === undefined ? accepted(value.trim()) : refused(`${flag}: ${problem}`);
};

const header: Check<[string, string]> = (value, { flag }) => {
  const parsed = parseHeaderLine(value);
  return parsed.ok ? accepted([parsed.name, parsed.value]) : refused(`${flag}: ${parsed.error}`);
};

const directory: Check<string> = (value, { flag }) => (value === '' ? refused(`${flag} needs a directory.`) : accepted(value));

const address: Check<string> = (value, { flag }) =>
  value.trim() === '' ? refused(`${flag} needs an address, such as ${DEFAULT_HOST}.`) : accepted(value.trim());

/** HOST:PORT, [IPv6]:PORT, or a PORT alone (on loopback). */
const listenAddress: Check<{ host: string; port: number }> = (value, { flag }) => {
  const m = /^(?:\[([0-9a-fA-F:.]+)\]|([^:\s]+)):(\d{1,5})$/.exec(value.trim()) ?? /^()()(\d{1,5})$/.exec(value.trim());
  const port = m ? Number(m[3]) : NaN;
  if (!m || port > 65535) return refused(`${flag} takes HOST:PORT, such as ${DEFAULT_HOST}:3002 (port 0 picks a free one), not "${value}".`);
  return accepted({ host: m[1] || m[2] || DEFAULT_HOST, port });
};

/** An http(s) URL, reduced to its origin (scheme://host[:port]). */
const origin: Check<string> = (value, { flag }) => {
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return accepted(url.origin);
  } catch {
    // said below
  }
  return refused(`${flag} needs an http(s) URL such as http://localhost:5173, not "${value}".`);
};

/** A root to offer: a file:// URI. */
const rootUri: Check<string> = (value, { flag }) => {
  const problem = rootUriProblem(value);
  return problem === undefined ? accepted(value.trim()) : refused(`${flag}: ${problem}`);
};

/** Text that must not be empty (an OAuth client id, secret or scope). */
const nonEmpty =
  (what: string): Check<string> =>
  (value, { flag }) =>
    value.trim() === '' ? refused(`${flag} needs ${what}.`) : accepted(value.trim());

const clientMetadataUrl: Check<string> = (value, { flag }) => {
  const problem = clientMetadataUrlProblem(value.trim());
  return problem === undefined ? accepted(value.trim()) : refused(`${flag} ${problem}, not "${value}".`);
};

/** Model providers, comma-separated: openai,anthropic,gemini. */
const providers: Check<Provider[]> = (value, { flag }) => {
  const names = value.split(',').map((n) => n.trim().toLowerCase());
  const unknown = names.find((n) => !(PROVIDERS as readonly string[]).includes(n));
  if (unknown !== undefined) return refused(`${flag} takes ${orList(PROVIDERS)}, comma-separated (e.g. ${flag} ${PROVIDERS.join(',')}), not "${unknown}".`);
  return accepted([...new Set(names as Provider[])]);
};

const protocolVersion: Check<VersionChoice> = (value, { flag }) =>
  isVersionChoice(value) ? accepted(value) : refused(`Unknown protocol version "${value}": ${flag} takes ${orList([...PROTOCOL_VERSIONS, 'auto'])}.`);

/** The protocol generations --protocol-era picks from. */
export const PROTOCOL_ERA_CHOICES = ['auto', 'legacy', 'modern'] as const;

export const OPTIONS = {
  // The inspector's own.
  port: valueOption({
    flag: '--port',
    placeholder: 'N',
    help: `port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)`,
    programs: ['proxy'],
    check: wholeNumber(0, 65535, 'a number'),
  }),
  sandboxPort: valueOption({
    flag: '--sandbox-port',
    placeholder: 'N',
    help: 'port of the app sandbox, the second origin MCP Apps run on (default: a free one)',
    programs: ['proxy'],
    check: wholeNumber(0, 65535, 'a number'),
  }),
  host: valueOption({
    flag: '--host',
    placeholder: 'H',
    help: `address to bind (default ${DEFAULT_HOST}; anything else exposes a\nprocess launcher to your network)`,
    programs: ['proxy'],
    check: address,
  }),
  noOpen: switchOption({ flag: '--no-open', help: 'do not open a browser', programs: ['proxy'] }),
  allowOrigin: listOption({
    flag: '--allow-origin',
    placeholder: 'URL',
    help: 'another origin allowed to connect, e.g. a dev server (repeatable)',
    programs: ['proxy'],
    check: origin,
  }),
  maxServers: valueOption({
    flag: '--max-servers',
    placeholder: 'N',
    help: `servers running at once, over all tabs (default ${DEFAULT_MAX_SERVERS})`,
    programs: ['proxy'],
    check: wholeNumber(1, MAX_SERVERS_CEILING),
  }),
  rememberCredentials: switchOption({
    flag: '--remember-credentials',
    help: {
      proxy: 'keep OAuth client registrations and tokens in a file only you can read\n(default: in memory, forgotten when mcpscope stops)',
      // The same file as the inspector's: a client registered in one is reused by the other.
      cli: "with --auth: keep the client registration and tokens for the next run, in\na file only you can read (the inspector's; default: this run only)",
    },
    programs: ['proxy', 'cli'],
  }),
  demo: valueOption({
    flag: '--demo',
    placeholder: 'NAME',
    help: 'the bundled demo server to prefill when no command or --url is given:\nlegacy (2025-11-25, the default), modern (2026-07-28, also speaks 2025)\nor oauth (behind OAuth; it and its authorization server start with mcpscope)',
    programs: ['proxy'],
    check: oneOf(DEMO_SERVERS),
  }),

  // The server: a command (the CLI's --stdio; npm start takes the words after its options) or a URL.
  stdio: valueOption({
    flag: '--stdio',
    placeholder: '"COMMAND ARGS"',
    help: 'the server to start: its command and arguments, split into words\nlike a shell would (but never run through one)',
    programs: ['cli'],
    check: stdioCommand,
  }),
  url: valueOption({
    flag: '--url',
    placeholder: 'URL',
    help: {
      proxy: 'prefill a remote server (Streamable HTTP, HTTP+SSE or plain\nJSON-RPC over HTTP) instead of a command',
      cli: 'a remote server (Streamable HTTP, HTTP+SSE or plain JSON-RPC over HTTP)',
    },
    programs: ['proxy', 'cli'],
    check: httpUrl,
  }),
  header: listOption({
    flag: '--header',
    placeholder: '"Name: value"',
    help: 'a request header for --url, e.g. "Authorization: Bearer …" (repeatable)',
    programs: ['proxy', 'cli'],
    check: header,
  }),
  mode: valueOption({
    flag: '--mode',
    placeholder: 'MODE',
    help: 'HTTP transport for --url: auto, streamable-http, sse or plain (default auto)',
    programs: ['cli'],
    check: oneOf(HTTP_MODES),
  }),
  env: listOption({
    flag: '--env',
    short: 'e',
    placeholder: 'KEY=VALUE',
    help: 'environment variable for a stdio server (repeatable; a later one wins)',
    programs: ['proxy', 'cli'],
    check: keyValue,
  }),
  cwd: valueOption({ flag: '--cwd', placeholder: 'DIR', help: 'working directory of a stdio server', programs: ['proxy', 'cli'], check: directory }),
  // Or the servers of a config file people already have.
  config: valueOption({
    flag: '--config',
    placeholder: 'FILE',
    help: {
      proxy:
        'offer every server of a config file in the page: Claude Desktop, Cursor or\nWindsurf (mcpServers), Claude Code (.mcp.json), VS Code (.vscode/mcp.json)\nor a registry server.json (read once, at start; never written)',
      cli: 'the server from a config file: Claude Desktop, Cursor or Windsurf (mcpServers),\nClaude Code (.mcp.json), VS Code (.vscode/mcp.json) or a registry server.json',
      wrap: "with --print-config: the host's config file that has the server (read, never written)",
    },
    programs: ['proxy', 'cli', 'wrap'],
    check: nonEmpty('a config file'),
  }),
  server: valueOption({
    flag: '--server',
    placeholder: 'NAME',
    help: {
      proxy:
        'the server of --config to select and prefill in the Connect form (a file\nwith one server needs none); without --config, the saved server of that name',
      cli: 'which server of --config to use (not needed when the file has one)',
      wrap: 'with --print-config: which server of --config to print (not needed when the\nfile has one)',
    },
    programs: ['proxy', 'cli', 'wrap'],
    check: nonEmpty('the name of a server in the --config file'),
  }),
  input: listOption({
    flag: '--input',
    placeholder: 'ID=VALUE',
    help: {
      proxy: 'the value of an ${input:ID} in --config (repeatable; the ones not given are\nleft for the page to ask)',
      cli: 'the value of an ${input:ID} in --config (repeatable; else it is asked for\non a terminal)',
    },
    programs: ['proxy', 'cli'],
    check: keyValue,
  }),

  // The CLI's own.
  protocolVersion: valueOption({
    flag: '--protocol-version',
    placeholder: 'V',
    help: `version to speak (${PROTOCOL_VERSIONS.join(', ')}, or auto: probe with\nserver/discover, fall back to initialize; default ${DEFAULT_PROTOCOL_VERSION})`,
    programs: ['cli'],
    check: protocolVersion,
  }),
  protocolEra: valueOption({
    flag: '--protocol-era',
    placeholder: 'ERA',
    help: `protocol generation instead of a version: legacy (${DEFAULT_PROTOCOL_VERSION}, initialize),\nmodern (${NEWEST_MODERN_VERSION}, _meta on every request) or auto`,
    programs: ['cli'],
    check: oneOf(PROTOCOL_ERA_CHOICES),
  }),
  timeout: valueOption({
    flag: '--timeout',
    placeholder: 'MS',
    help: `per-request timeout (default ${DEFAULT_TIMEOUT_MS})`,
    programs: ['cli'],
    check: milliseconds(false),
  }),
  noInitialize: switchOption({
    flag: '--no-initialize',
    help: 'carry on if the server answers initialize with -32601 (bare JSON-RPC)',
    programs: ['cli'],
  }),
  elicitation: valueOption({
    flag: '--elicitation',
    placeholder: 'POLICY',
    help:
      "how to answer the server's elicitation/create (said on stderr each time):\n" +
      '  decline (the default) declines;\n' +
      "  accept-defaults accepts with each field's schema default, and cancels,\n" +
      '  naming the fields, when a required field has none or a default fails;\n' +
      '  a URL-mode request prints the address and its host (never opening a\n' +
      '  browser): accept-defaults accepts it, to be opened by hand',
    programs: ['cli'],
    check: oneOf(['accept-defaults', 'decline'] as const),
  }),
  logLevel: valueOption({
    flag: '--log-level',
    placeholder: 'LEVEL',
    help: `ask the server for log messages at LEVEL and above (logging/setLevel, sent\nafter initialize where the server declares logging; on ${NEWEST_MODERN_VERSION}, the\nlogLevel in every request's _meta): ${LOGGING_LEVELS.join(', ')}`,
    programs: ['cli'],
    check: oneOf(LOGGING_LEVELS),
  }),
  root: listOption({
    flag: '--root',
    placeholder: 'URI',
    help: 'a root to offer the server, a file:// URI (repeatable); roots/list is\nanswered with them, and without any the roots capability is not declared',
    programs: ['cli'],
    check: rootUri,
  }),
  sampling: valueOption({
    flag: '--sampling',
    placeholder: 'reply:TEXT|decline',
    help:
      "how to answer the server's sampling/createMessage (each request and answer\n" +
      '  said on stderr): reply:TEXT answers with TEXT, decline rejects (error -1);\n' +
      '  malformed requests get -32602. Without it, sampling is not declared',
    programs: ['cli'],
    check: samplingPolicy,
  }),
  // OAuth: the CLI authorizes a protected --url itself.
  auth: switchOption({
    flag: '--auth',
    help:
      'answer a 401 from --url with the OAuth flow (quick: every step at once, each\n' +
      '  said on stderr): an authorization server that approves without a person is\n' +
      '  followed; else the URL to open in a browser is printed, and the callback is\n' +
      '  awaited on a loopback port',
    programs: ['cli'],
  }),
  clientId: valueOption({
    flag: '--client-id',
    placeholder: 'ID',
    help: 'a pre-registered OAuth client id for --auth (else a Client ID Metadata\nDocument, or dynamic registration)',
    programs: ['cli'],
    check: nonEmpty('a client id'),
  }),
  clientSecret: valueOption({
    flag: '--client-secret',
    placeholder: 'SECRET',
    help: "the pre-registered client's secret (goes with --client-id; never printed)",
    programs: ['cli'],
    check: nonEmpty('a client secret'),
  }),
  tokenEndpointAuthMethod: valueOption({
    flag: '--token-endpoint-auth-method',
    placeholder: 'METHOD',
    help: `how the pre-registered client authenticates at the token endpoint:\n${orList(TOKEN_ENDPOINT_AUTH_METHODS)} (default: what the server supports)`,
    programs: ['cli'],
    check: oneOf(TOKEN_ENDPOINT_AUTH_METHODS),
  }),
  clientMetadataUrl: valueOption({
    flag: '--client-metadata-url',
    placeholder: 'URL',
    help: 'an https URL of a Client ID Metadata Document, used as the client id\nwhere the authorization server supports it',
    programs: ['cli'],
    check: clientMetadataUrl,
  }),
  scope: valueOption({
    flag: '--scope',
    placeholder: 'SCOPE',
    help: "the scope to ask for (space-separated) instead of the server's challenge\nor scopes_supported",
    programs: ['cli'],
    check: nonEmpty('a scope'),
  }),

  json: switchOption({ flag: '--json', help: 'print JSON instead of text', programs: ['cli'] }),
  verbose: switchOption({ flag: '--verbose', help: 'print every frame to stderr', programs: ['cli'] }),

  // Options of one CLI command.
  maxRounds: valueOption({
    flag: '--max-rounds',
    placeholder: 'N',
    help: `requests one multi-round call may send (2026-07-28 input_required;\ndefault ${DEFAULT_MAX_ROUNDS}); then it stops and says the server may be looping`,
    programs: ['cli'],
    commands: ['tools call', 'prompts get', 'resources read'],
    check: wholeNumber(1),
  }),
  count: valueOption({ flag: '--count', placeholder: 'N', help: 'pings to send (default 1)', programs: ['cli'], commands: ['ping'], check: wholeNumber(1) }),
  interval: valueOption({
    flag: '--interval',
    placeholder: 'MS',
    help: `time between pings (default ${DEFAULT_PING_INTERVAL_MS})`,
    programs: ['cli'],
    commands: ['ping'],
    check: milliseconds(true),
  }),
  arg: listOption({
    flag: '--arg',
    placeholder: 'NAME=VALUE',
    help: 'an argument (repeatable); for a tool, VALUE is read as JSON (3, true, null)\nunless the schema says the argument is a string',
    programs: ['cli'],
    commands: ['tools call', 'prompts get'],
    check: keyValue,
  }),
  args: valueOption({
    flag: '--args',
    placeholder: 'JSON',
    help: 'all the arguments as one JSON object (--arg entries are added to it)',
    programs: ['cli'],
    commands: ['tools call'],
    check: text,
  }),

  context: listOption({
    flag: '--context',
    placeholder: 'NAME=VALUE',
    help: "another field's value, sent as context.arguments (repeatable; 2025-06-18 on)",
    programs: ['cli'],
    commands: ['complete'],
    check: keyValue,
  }),
  task: switchOption({
    flag: '--task',
    help: 'call the tool as a task (2025-11-25): poll it to its end, printing each status\nto stderr, then print its result',
    programs: ['cli'],
    commands: ['tools call'],
  }),
  sendAnyway: switchOption({
    flag: '--send-anyway',
    help: "send the arguments even when they do not match the tool's inputSchema\n(they are checked first, as the page does)",
    programs: ['cli'],
    commands: ['tools call'],
  }),

  // mcpscope test's.
  update: switchOption({
    flag: '--update',
    help: 'rewrite the snapshots that differ with what the server answers now (a\nmissing snapshot is always created, and said so)',
    programs: ['cli'],
    commands: ['test'],
  }),
  bail: switchOption({ flag: '--bail', help: 'stop at the first failed step (the rest are reported as skipped)', programs: ['cli'], commands: ['test'] }),
  filter: valueOption({
    flag: '--filter',
    placeholder: 'PATTERN',
    help: 'run only the steps whose name matches PATTERN (a regular expression, run by\nRE2); the others are reported as skipped',
    programs: ['cli'],
    commands: ['test'],
    check: nonEmpty('a pattern'),
  }),
  from: valueOption({
    flag: '--from',
    placeholder: 'CAPTURE',
    help: 'make FILE a test from a capture (mcpscope wrap, or the Log exported): each\ntools/call, resources/read and prompts/get, its result the snapshot',
    programs: ['cli'],
    commands: ['test'],
    check: nonEmpty('a capture file'),
  }),
  reporter: valueOption({
    flag: '--reporter',
    placeholder: 'FORMAT',
    help: 'print the results on stdout as junit (JUnit XML for CI), json or tap (for test,\nthe steps as text on stderr meanwhile; default text, on stdout)',
    programs: ['cli'],
    commands: ['test', 'check'],
    check: oneOf(['text', 'junit', 'json', 'tap'] as const),
  }),
  strictProviders: valueOption({
    flag: '--strict-providers',
    placeholder: 'LIST',
    help: `make the named providers' strict-mode failures errors, not warnings\n(${PROVIDERS.join(',')}; the tools' schemas against what each accepts)`,
    programs: ['cli'],
    commands: ['check'],
    check: providers,
  }),

  // The passthrough's own.
  name: valueOption({
    flag: '--name',
    placeholder: 'NAME',
    help: "a name for this server in the capture's header and file name (default:\nthe command's file name)",
    programs: ['wrap'],
    check: nonEmpty('a name'),
  }),
  capture: valueOption({
    flag: '--capture',
    placeholder: 'FILE',
    help: 'where to record the session (default: a new file per run in\n~/.config/mcpscope/captures/, or under $XDG_CONFIG_HOME)',
    programs: ['wrap'],
    check: nonEmpty('a file to record into'),
  }),
  listen: valueOption({
    flag: '--listen',
    placeholder: 'HOST:PORT',
    help: `with --to: the address the host is pointed at (default ${DEFAULT_HOST}:0, a free\nport; anything but loopback must be named and exposes the server to your network)`,
    programs: ['wrap'],
    check: listenAddress,
  }),
  to: valueOption({
    flag: '--to',
    placeholder: 'URL',
    help: 'a remote server (Streamable HTTP, HTTP+SSE or plain JSON-RPC): each\nrequest the host sends to --listen is forwarded there and recorded',
    programs: ['wrap'],
    check: httpUrl,
  }),

  printConfig: switchOption({
    flag: '--print-config',
    help: "print a server of --config rewritten to start through mcpscope wrap, in the\nfile's shape, to paste into it (the file itself is never changed)",
    programs: ['wrap'],
  }),

  save: valueOption({
    flag: '--save',
    placeholder: 'FILE',
    help: "write the one server's interface (its tools, resources, templates and prompts)\nto FILE as a snapshot, for a later diff",
    programs: ['cli'],
    commands: ['diff'],
    check: text,
  }),

  help: switchOption({ flag: '--help', short: 'h', help: 'show this help', programs: ['proxy', 'cli', 'wrap'] }),
} as const satisfies Record<string, OptionSpec>;

export type OptionName = keyof typeof OPTIONS;

type ValueOf<S> = S extends { kind: 'switch' }
  ? true
  : S extends { kind: 'list'; check: Check<infer T> }
    ? T[]
    : S extends { check: Check<infer T> }
      ? T
      : never;

/** What was given on the command line, by option; absent when not given. */
export type OptionValues = { -readonly [K in OptionName]?: ValueOf<(typeof OPTIONS)[K]> };

/** The options of one program, in table order. */
export function optionsOf(program: Program): Array<[OptionName, OptionSpec]> {
  return (Object.entries(OPTIONS) as Array<[OptionName, OptionSpec]>).filter(([, spec]) => spec.programs.includes(program));
}
