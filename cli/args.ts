// Command-line arguments of the headless CLI, read against the one table of
// options in options/ (shared with npm start). Parsing only, but for reading
// the --config file.

import {
  DEFAULT_PROTOCOL_VERSION,
  NEWEST_LEGACY_VERSION,
  NEWEST_MODERN_VERSION,
  type LoggingLevel,
  type Provider,
  type ClientFeatures,
  type Root,
  type TransportConfig,
  type VersionChoice,
} from '../src/protocol/index.js';
import { columns, optionHelp, optionSpelling, optionSynopsis } from '../options/help.js';
import { readOptions } from '../options/read.js';
import { savedServerOf } from './saved-server.js';
import { serverOptionsFrom, transportOf } from '../options/server.js';
import { DEFAULT_PING_INTERVAL_MS, DEFAULT_TIMEOUT_MS, OPTIONS, optionsOf, type CommandName, type OptionSpec, type OptionValues } from '../options/table.js';
import type { SamplingPolicy } from '../options/sampling.js';
import { orList, refused, type Checked } from '../options/values.js';
import { authOptionsOf } from './auth/options.js';
import { pickConfigServer, readConfigFile, severalServers, type ConfigServer } from '../node/config/config-file.js';
import { configOptionsFrom } from '../options/config.js';
import { parseComplete, type CompleteCommand } from './complete.js';

export type CliCommand =
  | { name: 'ping'; count: number; intervalMs: number }
  | { name: 'tools list' }
  | { name: 'tools call'; tool: string; args: Array<[string, string]>; json?: string; task?: boolean; sendAnyway?: boolean }
  | { name: 'resources list' }
  | { name: 'resources read'; uri: string }
  | { name: 'prompts list' }
  | { name: 'prompts get'; prompt: string; args: Array<[string, string]> }
  | CompleteCommand
  | { name: 'check' }
  /** What the official conformance suite runs: the server URL comes last. */
  | { name: 'conformance'; url: string };

export type ElicitationPolicy = 'accept-defaults' | 'decline';

export interface CliOptions {
  target: TransportConfig;
  command: CliCommand;
  json: boolean;
  verbose: boolean;
  /** --protocol-version, or what --protocol-era stands for. */
  protocolVersion: VersionChoice;
  timeoutMs: number;
  elicitation: ElicitationPolicy;
  /** --sampling; absent: sampling is not declared. */
  sampling?: SamplingPolicy;
  /** Carry on when initialize is answered with -32601 (bare JSON-RPC servers). */
  withoutInitialize: boolean;
  /** Declare the MCP Apps extension (not with --no-apps, nor when the saved server switched it off). */
  apps: boolean;
  /** The client features a saved server was given in the page; absent: the CLI's defaults. */
  clientFeatures?: ClientFeatures;
  /** Sent with logging/setLevel once initialized. */
  logLevel?: LoggingLevel;
  /** The roots offered (--root, else the saved server's); none: the roots capability is not declared. */
  roots: Root[];
  /** --max-rounds: requests one multi-round call may send (2026-07-28). */
  maxRounds?: number;
  /** check --strict-providers: the providers whose strict-mode failures are errors. */
  strictProviders?: Provider[];
  /** --auth's --remember-credentials: keep registrations and tokens in the 0600 credentials file. */
  rememberCredentials: boolean;
  /** check --reporter: junit, json or tap instead of text. */
  reporter?: 'text' | 'junit' | 'json' | 'tap';
  /** --config: the server picked from the file (the target until its inputs are answered) and the --input answers. */
  config?: { server: ConfigServer; answers: Array<[string, string]> };
}

/** The commands as --help lists them; the options of a command come from the table. */
const COMMANDS: ReadonlyArray<{ words: string; operand?: string; options?: CommandName; help: string }> = [
  { words: 'ping', options: 'ping', help: 'ping the server (default once)' },
  { words: 'tools list', help: 'list the tools (all pages)' },
  { words: 'tools call', operand: 'NAME', options: 'tools call', help: 'call a tool' },
  { words: 'resources list', help: 'list the resources' },
  { words: 'resources read', operand: 'URI', help: 'read one resource' },
  { words: 'prompts list', help: 'list the prompts' },
  { words: 'prompts get', operand: 'NAME', options: 'prompts get', help: 'get a prompt' },
  { words: 'complete prompt', operand: 'NAME ARG [VALUE]', options: 'complete', help: 'suggestions for a prompt argument' },
  { words: 'complete resource', operand: 'TEMPLATE VAR [VALUE]', options: 'complete', help: 'suggestions for a resource-template variable' },
  { words: 'check', options: 'check', help: "probe the server's compliance; exit 1 on errors" },
  { words: 'conformance', operand: 'URL', help: 'act as the client of an official conformance scenario' },
  { words: 'diff', operand: 'A B', options: 'diff', help: "compare two servers' interfaces; exit 1 on a breaking change" },
  { words: 'lint', operand: 'CAPTURE', help: 'lint a capture (Export log, mcpscope wrap) of both sides, with latency by method; needs no server' },
  { words: 'test', operand: 'FILE…', options: 'test', help: 'run test files (each names its server); exit 1 on a failed step, 2 when one cannot run' },
  { words: 'eval', operand: 'FILE…', options: 'eval', help: "ask models which of the server's tools they would call; exit 1 under a pass-rate threshold" },
];

const optionsOfCommand = (name: CommandName | undefined) => optionsOf('cli').filter(([, spec]) => name !== undefined && spec.commands?.includes(name));

export const CLI_USAGE = [
  `Usage: mcpscope (${optionSpelling(OPTIONS.stdio)} | ${optionSpelling(OPTIONS.url)} ${optionSynopsis(OPTIONS.header)} | ${optionSpelling(OPTIONS.config)} ${optionSynopsis(OPTIONS.server)} | ${optionSpelling(OPTIONS.server)}) [options] <command>`,
  '',
  'Commands:',
  ...columns(
    COMMANDS.map((c) => [[c.words, c.operand, ...optionsOfCommand(c.options).map(([, spec]) => optionSynopsis(spec))].filter(Boolean).join(' '), c.help]),
    38,
  ),
  '',
  'Besides the CLI:',
  ...columns(
    [
      ['start [options] [-- command args...]', 'open the inspector in your browser, as npm start does\nin a clone (mcpscope start --help)'],
      ['wrap [options] -- COMMAND [ARGS...]', "in a host's config in place of a server's command: forward\nand record what they send (mcpscope wrap --help)"],
    ],
    38,
  ),
  '',
  'Options of a command:',
  ...optionHelp('cli', (spec) => spec.commands !== undefined),
  '',
  'Options:',
  ...optionHelp('cli', (spec) => spec.commands === undefined),
].join('\n');

/** The options, then the command words; `help` when --help (or -h) was given. */
export function parseCliArgs(argv: readonly string[]): Checked<CliOptions | 'help'> {
  const read = readOptions(argv, 'cli');
  if (!read.ok) return read;
  const { values, positionals } = read.value;
  if (values.help) return { ok: true, value: 'help' };
  // The conformance runner appends the server's URL: it is the target.
  // --server NAME without --config: a saved server.
  const config = values.config === undefined && values.server !== undefined ? savedServerOf(values) : configServerOf(values);
  if (!config.ok) return config;
  const target = config.value
    ? { ok: true as const, value: config.value.entry.transport }
    : positionals[0] === 'conformance'
      ? conformanceTarget(values, positionals[1])
      : targetOf(values);
  if (!target.ok) return target;
  if (values.auth && (positionals[0] === 'guided' || positionals[0] === 'quick')) {
    return refused(`--auth takes no mode: the CLI always runs the whole flow at once (quick); the guided steps are the inspector's page.`);
  }
  const command = parseCommand(positionals, values);
  if (!command.ok) return command;
  const takes = (spec: OptionSpec) => spec.commands === undefined || spec.commands.some((c) => c === command.value.name);
  const misplaced = optionsOf('cli').find(([name, spec]) => values[name] !== undefined && !takes(spec));
  if (misplaced !== undefined) {
    const [, spec] = misplaced;
    return refused(`${spec.flag} goes with ${orList(spec.commands ?? [])}, not with ${command.value.name}.`);
  }
  if (values.protocolVersion !== undefined && values.protocolEra !== undefined) {
    return refused(`Give ${OPTIONS.protocolVersion.flag} or ${OPTIONS.protocolEra.flag}, not both: the era stands for a version.`);
  }
  // The conformance scenarios of auth/* expect the client to authorize by itself.
  const auth = authOptionsOf(values, target.value, command.value.name === 'conformance');
  if (!auth.ok) return auth;
  const sampling = samplingOf(values);
  if (!sampling.ok) return sampling;
  const saved = config.value?.entry;
  // The options given win over what the saved server says.
  const savedRoots = saved?.clientFeatures?.roots === false ? [] : (saved?.roots ?? []);
  return {
    ok: true,
    value: {
      target: auth.value && target.value.kind === 'http' ? { ...target.value, auth: auth.value.config } : target.value,
      rememberCredentials: auth.value?.remember === true,
      command: command.value,
      json: values.json === true,
      verbose: values.verbose === true,
      // The conformance suite runs each revision's scenarios against one command: Auto finds the server's.
      protocolVersion:
        values.protocolVersion ??
        (values.protocolEra
          ? ERA_VERSION[values.protocolEra]
          : command.value.name === 'conformance'
            ? 'auto'
            : (config.value?.entry.protocolVersion ?? DEFAULT_PROTOCOL_VERSION)),
      timeoutMs: values.timeout ?? DEFAULT_TIMEOUT_MS,
      // The conformance scenarios expect the defaults of an elicitation form to be accepted.
      elicitation: command.value.name === 'conformance' ? 'accept-defaults' : (values.elicitation ?? 'decline'),
      withoutInitialize: values.noInitialize === true,
      apps: values.noApps !== true && saved?.clientFeatures?.apps !== false,
      ...(saved?.clientFeatures
        ? { clientFeatures: { ...saved.clientFeatures, ...(sampling.value ? { sampling: true } : {}), ...(values.root !== undefined ? { roots: true } : {}) } }
        : {}),
      ...(values.logLevel !== undefined ? { logLevel: values.logLevel } : {}),
      roots: values.root !== undefined ? values.root.map((uri) => ({ uri })) : savedRoots,
      ...(sampling.value ? { sampling: sampling.value } : {}),
      ...(values.maxRounds !== undefined ? { maxRounds: values.maxRounds } : {}),
      ...(values.reporter !== undefined ? { reporter: values.reporter } : {}),
      ...(values.strictProviders !== undefined ? { strictProviders: values.strictProviders } : {}),
      ...(config.value ? { config: { server: config.value, answers: values.input ?? [] } } : {}),
    },
  };
}

/** --sampling, with --model-base-url and --model-timeout in a model policy (and only there). */
function samplingOf(values: OptionValues): Checked<SamplingPolicy | undefined> {
  const policy = values.sampling;
  const extra = values.modelBaseUrl !== undefined ? OPTIONS.modelBaseUrl : values.modelTimeout !== undefined ? OPTIONS.modelTimeout : undefined;
  if (policy?.kind !== 'model') {
    return extra ? refused(`${extra.flag} goes with ${OPTIONS.sampling.flag} model:PROVIDER/MODEL.`) : { ok: true, value: policy };
  }
  return {
    ok: true,
    value: {
      ...policy,
      ...(values.modelBaseUrl !== undefined ? { baseUrl: values.modelBaseUrl } : {}),
      ...(values.modelTimeout !== undefined ? { timeoutMs: values.modelTimeout } : {}),
    },
  };
}

/** --config FILE [--server NAME]: the server of the file, or nothing without --config. */
function configServerOf(values: OptionValues): Checked<ConfigServer | undefined> {
  const options = configOptionsFrom(values, values.stdio?.command, OPTIONS.stdio.flag);
  if (!options.ok) return options;
  if (options.value === undefined) return { ok: true, value: undefined };
  const file = readConfigFile(options.value.file);
  if (!file.ok) return file;
  const server = pickConfigServer(file.value, options.value.server);
  if (!server.ok) return server;
  return server.value ? server : refused(severalServers(file.value));
}

/** --protocol-era: legacy is the newest legacy version, modern the newest modern one. */
export const ERA_VERSION = { auto: 'auto', legacy: NEWEST_LEGACY_VERSION, modern: NEWEST_MODERN_VERSION } as const;

function targetOf(values: OptionValues): Checked<TransportConfig> {
  const server = serverOptionsFrom(values, values.stdio, OPTIONS.stdio.flag);
  if (!server.ok) return server;
  const target = transportOf(server.value);
  return target ? { ok: true, value: target } : refused('Say which server: --stdio "command args" or --url URL.');
}

function conformanceTarget(values: OptionValues, url: string | undefined): Checked<TransportConfig> {
  if (url === undefined) return refused('conformance needs the server URL, e.g. conformance http://localhost:3000/mcp.');
  if (values.stdio !== undefined || values.url !== undefined) return refused('conformance takes the server URL after it, not --stdio or --url.');
  const checked = OPTIONS.url.check(url, { flag: 'conformance', placeholder: OPTIONS.url.placeholder });
  if (!checked.ok) return checked;
  return targetOf({ ...values, url: checked.value });
}

/** A word the command does not take. */
function unexpected(word: string, after: string): { ok: false; error: string } {
  return refused(`Unexpected ${JSON.stringify(word)} after "${after}".`);
}

function parseCommand(words: readonly string[], values: OptionValues): Checked<CliCommand> {
  const [first, second, name, extra] = words;
  switch (first) {
    case 'ping':
      if (second !== undefined) return unexpected(second, 'ping');
      return { ok: true, value: { name: 'ping', count: values.count ?? 1, intervalMs: values.interval ?? DEFAULT_PING_INTERVAL_MS } };
    case 'check':
      if (second !== undefined) return unexpected(second, 'check');
      return { ok: true, value: { name: 'check' } };
    case 'complete':
      return parseComplete(words.slice(1), values.context);
    case 'conformance':
      if (name !== undefined) return unexpected(name, `conformance ${second}`);
      return { ok: true, value: { name: 'conformance', url: second ?? '' } };
    case 'tools':
    case 'resources':
    case 'prompts': {
      const action = { tools: 'call', resources: 'read', prompts: 'get' }[first];
      if (second === undefined) return refused(`${first} needs a subcommand: ${first} list or ${first} ${action}.`);
      if (second === 'list') {
        if (name !== undefined) return unexpected(name, `${first} list`);
        return { ok: true, value: { name: `${first} list` } };
      }
      if (second !== action) return refused(`Unknown command "${first} ${second}": ${first} takes list or ${action}.`);
      if (extra !== undefined) {
        const u = unexpected(extra, `${first} ${second} ${name}`);
        return first === 'resources' ? u : refused(`${u.error.slice(0, -1)}: give arguments as --arg NAME=VALUE${first === 'tools' ? ' or --args JSON' : ''}.`);
      }
      if (first === 'tools') {
        if (!name) return refused('tools call needs a tool name.');
        const asTask = values.task === true ? { task: true } : {};
        const anyway = values.sendAnyway === true ? { sendAnyway: true } : {};
        return {
          ok: true,
          value: { name: 'tools call', tool: name, args: values.arg ?? [], ...(values.args !== undefined ? { json: values.args } : {}), ...asTask, ...anyway },
        };
      }
      if (first === 'resources') {
        if (!name) return refused('resources read needs a URI.');
        return { ok: true, value: { name: 'resources read', uri: name } };
      }
      if (!name) return refused('prompts get needs a prompt name.');
      return { ok: true, value: { name: 'prompts get', prompt: name, args: values.arg ?? [] } };
    }
    case undefined:
      return refused(
        'Say what to do: ping, tools list, tools call, resources list, resources read, prompts list, prompts get, complete, check, diff, lint or test.',
      );
    default:
      return refused(`Unknown command "${first}". The commands: ping, tools, resources, prompts, complete, check, conformance, diff, lint, test.`);
  }
}
