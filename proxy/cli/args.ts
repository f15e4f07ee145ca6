// Command-line arguments of the headless CLI. Pure: parsing only.

import { DEFAULT_PROTOCOL_VERSION, isHttpMode, isKnownProtocolVersion, splitArgs, type HttpMode, type ProtocolVersion } from '../../src/protocol/index.js';

export type CliCommand =
  | { name: 'ping'; count: number; intervalMs: number }
  | { name: 'tools list' }
  | { name: 'tools call'; tool: string; args: Array<[string, string]>; json?: string }
  | { name: 'resources list' }
  | { name: 'resources read'; uri: string }
  | { name: 'prompts list' }
  | { name: 'prompts get'; prompt: string; args: Array<[string, string]> }
  | { name: 'check' }
  /** What the official conformance suite runs: the server URL comes last. */
  | { name: 'conformance'; url: string };

export type CliTarget =
  | { kind: 'stdio'; command: string; args: string[]; env: Record<string, string>; cwd?: string }
  | { kind: 'http'; url: string; headers: Record<string, string>; mode: HttpMode };

export type ElicitationPolicy = 'accept-defaults' | 'decline';

export interface CliOptions {
  target: CliTarget;
  command: CliCommand;
  json: boolean;
  verbose: boolean;
  protocolVersion: ProtocolVersion;
  timeoutMs: number;
  elicitation: ElicitationPolicy;
  /** Carry on when initialize is answered with -32601 (bare JSON-RPC servers). */
  withoutInitialize: boolean;
}

export const CLI_USAGE = `Usage: mcpscope (--stdio "command args" | --url URL [--header "Name: value"]...) [options] <command>

Commands:
  ping [--count N] [--interval ms]        ping the server (default once)
  tools list                              list the tools (all pages)
  tools call NAME [--arg k=v]... [--args JSON]
  resources list                          list the resources
  resources read URI                      read one resource
  prompts list                            list the prompts
  prompts get NAME [--arg k=v]...         get a prompt
  check                                   probe the server's compliance; exit 1 on errors
  conformance URL                         act as the client of an official conformance scenario

Options:
  -e KEY=VALUE           environment variable for a stdio server (repeatable)
  --cwd DIR              working directory of a stdio server
  --protocol-version V   version to offer (2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25; default ${DEFAULT_PROTOCOL_VERSION})
  --timeout MS           per-request timeout (default 30000)
  --mode MODE            HTTP transport: auto, streamable-http, sse or plain (default auto)
  --no-initialize        carry on if the server answers initialize with -32601 (bare JSON-RPC)
  --elicitation POLICY   how to answer the server's elicitation/create (said on stderr each time):
                           decline (the default) declines;
                           accept-defaults accepts with each field's schema default, and cancels,
                           naming the fields, when a required field has none or a default fails
  --json                 print JSON instead of text
  --verbose              print every frame to stderr`;

type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

function keyValue(text: string, what: string, sep = '='): Parsed<[string, string]> {
  const i = text.indexOf(sep);
  if (i <= 0) return { ok: false, error: `${what} must look like KEY${sep}VALUE, got ${JSON.stringify(text)}.` };
  return { ok: true, value: [text.slice(0, i).trim(), text.slice(i + sep.length).trim()] };
}

export function parseCliArgs(argv: readonly string[]): Parsed<CliOptions> {
  let stdio: string | undefined;
  let url: string | undefined;
  const headers: Record<string, string> = {};
  const env: Record<string, string> = {};
  let cwd: string | undefined;
  let json = false;
  let verbose = false;
  let protocolVersion: ProtocolVersion = DEFAULT_PROTOCOL_VERSION;
  let timeoutMs = 30_000;
  let elicitation: ElicitationPolicy = 'decline';
  let mode: HttpMode = 'auto';
  let withoutInitialize = false;
  const rest: string[] = [];

  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = (): string | undefined => argv[++i];
    const need = (name: string): Parsed<string> => {
      const v = value();
      return v === undefined ? { ok: false, error: `${name} needs a value.` } : { ok: true, value: v };
    };
    let v: Parsed<string>;
    switch (a) {
      case '--stdio':
        if (!(v = need(a)).ok) return v;
        stdio = v.value;
        break;
      case '--url':
        if (!(v = need(a)).ok) return v;
        url = v.value;
        break;
      case '--header': {
        if (!(v = need(a)).ok) return v;
        const kv = keyValue(v.value, '--header', ':');
        if (!kv.ok) return kv;
        headers[kv.value[0]] = kv.value[1];
        break;
      }
      case '-e':
      case '--env': {
        if (!(v = need(a)).ok) return v;
        const kv = keyValue(v.value, '-e');
        if (!kv.ok) return kv;
        env[kv.value[0]] = kv.value[1];
        break;
      }
      case '--cwd':
        if (!(v = need(a)).ok) return v;
        cwd = v.value;
        break;
      case '--protocol-version':
        if (!(v = need(a)).ok) return v;
        if (!isKnownProtocolVersion(v.value)) return { ok: false, error: `Unknown protocol version ${JSON.stringify(v.value)}.` };
        protocolVersion = v.value;
        break;
      case '--timeout':
        if (!(v = need(a)).ok) return v;
        timeoutMs = Number(v.value);
        if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) return { ok: false, error: '--timeout takes a number of milliseconds.' };
        break;
      case '--elicitation':
        if (!(v = need(a)).ok) return v;
        if (v.value !== 'accept-defaults' && v.value !== 'decline') return { ok: false, error: '--elicitation takes accept-defaults or decline.' };
        elicitation = v.value;
        break;
      case '--mode':
        if (!(v = need(a)).ok) return v;
        if (!isHttpMode(v.value)) return { ok: false, error: '--mode takes auto, streamable-http, sse or plain.' };
        mode = v.value;
        break;
      case '--no-initialize':
        withoutInitialize = true;
        break;
      case '--json':
        json = true;
        break;
      case '--verbose':
        verbose = true;
        break;
      default:
        rest.push(a);
    }
  }

  // The conformance runner appends the server's URL: it is the target.
  if (rest[0] === 'conformance') {
    const server = rest[1];
    if (!server || !/^https?:\/\//.test(server)) return { ok: false, error: 'conformance needs the server URL, e.g. conformance http://localhost:3000/mcp.' };
    return {
      ok: true,
      value: {
        target: { kind: 'http', url: server, headers, mode },
        command: { name: 'conformance', url: server },
        json,
        verbose,
        protocolVersion,
        timeoutMs,
        elicitation: 'accept-defaults',
        withoutInitialize,
      },
    };
  }

  let target: CliTarget;
  if (stdio !== undefined && url !== undefined) return { ok: false, error: 'Give either --stdio or --url, not both.' };
  if (stdio !== undefined) {
    const split = splitArgs(stdio);
    if (!split.ok) return { ok: false, error: `--stdio: ${split.error}` };
    const [command, ...args] = split.args;
    if (!command) return { ok: false, error: '--stdio needs a command, e.g. --stdio "node server.js".' };
    target = { kind: 'stdio', command, args, env, ...(cwd ? { cwd } : {}) };
  } else if (url !== undefined) {
    if (!/^https?:\/\//.test(url)) return { ok: false, error: `--url must be an http:// or https:// address, got ${JSON.stringify(url)}.` };
    target = { kind: 'http', url, headers, mode };
  } else {
    return { ok: false, error: 'Say which server: --stdio "command args" or --url URL.' };
  }

  const command = parseCommand(rest);
  if (!command.ok) return command;
  return { ok: true, value: { target, command: command.value, json, verbose, protocolVersion, timeoutMs, elicitation, withoutInitialize } };
}

/** A word the command does not take: an unknown option, or one too many. */
function unexpected(word: string, after: string): { ok: false; error: string } {
  return {
    ok: false,
    error: word.startsWith('-') ? `Unknown option ${JSON.stringify(word)}.` : `Unexpected ${JSON.stringify(word)} after "${after}".`,
  };
}

function parseCommand(words: string[]): Parsed<CliCommand> {
  const [first, second, ...more] = words;
  const pairs = (list: string[]): Parsed<{ args: Array<[string, string]>; json?: string; positional: string[] }> => {
    const args: Array<[string, string]> = [];
    const positional: string[] = [];
    let json: string | undefined;
    for (let i = 0; i < list.length; i++) {
      const w = list[i]!;
      if (w === '--arg') {
        const kv = keyValue(list[++i] ?? '', '--arg');
        if (!kv.ok) return kv;
        args.push(kv.value);
      } else if (w === '--args') {
        json = list[++i];
        if (json === undefined) return { ok: false, error: '--args needs a JSON object.' };
      } else if (w.startsWith('-')) return unexpected(w, `${first} ${second}`);
      else positional.push(w);
    }
    return { ok: true, value: json === undefined ? { args, positional } : { args, json, positional } };
  };
  switch (first) {
    case 'ping': {
      let count = 1;
      let intervalMs = 1000;
      const opts = [second, ...more].filter((w): w is string => w !== undefined);
      for (let i = 0; i < opts.length; i++) {
        if (opts[i] === '--count') count = Number(opts[++i]);
        else if (opts[i] === '--interval') intervalMs = Number(opts[++i]);
        else return { ok: false, error: `Unknown ping option ${JSON.stringify(opts[i])}.` };
      }
      if (!Number.isInteger(count) || count < 1) return { ok: false, error: '--count takes a whole number ≥ 1.' };
      if (!Number.isFinite(intervalMs) || intervalMs < 0) return { ok: false, error: '--interval takes milliseconds.' };
      return { ok: true, value: { name: 'ping', count, intervalMs } };
    }
    case 'check':
      if (second !== undefined) return unexpected(second, 'check');
      return { ok: true, value: { name: 'check' } };
    case 'tools':
    case 'resources':
    case 'prompts': {
      const action = { tools: 'call', resources: 'read', prompts: 'get' }[first];
      if (second === undefined || second.startsWith('-')) {
        return { ok: false, error: `${first} needs a subcommand: ${first} list or ${first} ${action}.` };
      }
      if (second === 'list') {
        if (more[0] !== undefined) return unexpected(more[0], `${first} list`);
        return { ok: true, value: { name: `${first} list` } as CliCommand };
      }
      if (second !== action) return { ok: false, error: `Unknown command "${first} ${second}": ${first} takes list or ${action}.` };
      const p = pairs(more);
      if (!p.ok) return p;
      const [name, extra] = p.value.positional;
      if (extra !== undefined) {
        const u = unexpected(extra, `${first} ${second} ${name}`);
        return first === 'resources' || extra.startsWith('-')
          ? u
          : { ok: false, error: `${u.error.slice(0, -1)}: give arguments as --arg NAME=VALUE${first === 'tools' ? ' or --args JSON' : ''}.` };
      }
      if (first === 'tools' && second === 'call') {
        if (!name) return { ok: false, error: 'tools call needs a tool name.' };
        return { ok: true, value: { name: 'tools call', tool: name, args: p.value.args, ...(p.value.json !== undefined ? { json: p.value.json } : {}) } };
      }
      if (first === 'resources' && second === 'read') {
        if (!name) return { ok: false, error: 'resources read needs a URI.' };
        return { ok: true, value: { name: 'resources read', uri: name } };
      }
      if (first === 'prompts' && second === 'get') {
        if (!name) return { ok: false, error: 'prompts get needs a prompt name.' };
        return { ok: true, value: { name: 'prompts get', prompt: name, args: p.value.args } };
      }
      return { ok: false, error: `Unknown command "${words.join(' ')}".` };
    }
    case undefined:
      return { ok: false, error: 'Say what to do: ping, tools list, tools call, resources list, resources read, prompts list, prompts get or check.' };
    default:
      if (first.startsWith('-')) return unexpected(first, '');
      return { ok: false, error: `Unknown command "${first}". The commands: ping, tools, resources, prompts, check, conformance.` };
  }
}
