// `mcpscope wrap [--name NAME] [--capture FILE] -- COMMAND ARGS…`: the options
// come from the one table; everything after `--` (or from the first word that
// is not an option) is the server's command line, untouched.
import { columns, optionHelp, optionSynopsis } from '../options/help.js';
import { readOptions } from '../options/read.js';
import { DEFAULT_HOST, OPTIONS, type OptionValues } from '../options/table.js';
import { refused, type Checked } from '../options/values.js';

export interface WrapOptions {
  command: string;
  args: string[];
  name?: string;
  capture?: string;
}

/** `--print-config`: print a server of a host's config rewritten to start through the wrapper. */
export interface PrintConfigOptions {
  printConfig: true;
  config: string;
  server?: string;
  name?: string;
}

/** `mcpscope wrap --to URL`: an HTTP server, behind a reverse proxy on `listen`. */
export interface WrapHttpOptions {
  to: string;
  listen: { host: string; port: number };
  name?: string;
  capture?: string;
}

export const WRAP_USAGE = [
  `Usage: mcpscope wrap ${optionSynopsis(OPTIONS.name)} ${optionSynopsis(OPTIONS.capture)} -- COMMAND [ARGS...]`,
  `       mcpscope wrap ${optionSynopsis(OPTIONS.listen)} ${optionSynopsis(OPTIONS.to)} ${optionSynopsis(OPTIONS.name)} ${optionSynopsis(OPTIONS.capture)}`,
  `       mcpscope wrap --print-config --config FILE ${optionSynopsis(OPTIONS.server)} ${optionSynopsis(OPTIONS.name)}`,
  '',
  "Put this in a host's config in place of the server's command. The server is",
  'started without a shell (same environment and directory); what the host and',
  'the server write to each other is forwarded byte for byte and recorded in a',
  "capture that the page's Log opens with Import. Nothing is added to stdout.",
  'With --to, it is an HTTP reverse proxy instead: point the host at --listen',
  'and each request, answer and event stream is forwarded to URL and recorded.',
  "One thing is changed: an HTTP+SSE (2024-11-05) server's endpoint event that",
  "names an absolute URL on URL's origin names the same path on the wrapper",
  'instead, so that the host posts through it (the capture says so).',
  '',
  ...columns([['COMMAND [ARGS...]', 'the server, as the host would start it']]),
  '',
  '--print-config writes the entry to paste on stdout; its env and cwd are as the',
  'file has them: ${…} references stay as written, and a literal secret the file',
  'holds is printed too (to your terminal only, nowhere else). --name defaults to',
  "the server's name in the file.",
  '',
  'Options:',
  ...optionHelp('wrap'),
].join('\n');

const NO_COMMAND = 'Nothing to run: give the server\'s command after --, e.g. "mcpscope wrap -- node server.js".';

function printConfigOptions(values: OptionValues, command: readonly string[]): Checked<PrintConfigOptions> {
  if (values.config === undefined) return refused("--print-config needs --config FILE: the host's config file that has the server.");
  if (command.length > 0 || values.capture !== undefined)
    return refused('--print-config prints an entry and starts no server: leave out --capture and the command after --.');
  const { config, server, name } = values;
  return { ok: true, value: { printConfig: true, config, ...(server !== undefined ? { server } : {}), ...(name !== undefined ? { name } : {}) } };
}

export function parseWrapArgs(argv: readonly string[]): Checked<WrapOptions | WrapHttpOptions | PrintConfigOptions | 'help'> {
  const read = readOptions(argv, 'wrap', { untilCommand: true });
  if (!read.ok) return read;
  const { values, command } = read.value;
  if (values.help) return { ok: true, value: 'help' };
  if (values.printConfig) return printConfigOptions(values, command);
  if (values.config !== undefined || values.server !== undefined)
    return refused('--config and --server go with --print-config, which prints an entry to paste.');
  const named = {
    ...(values.name !== undefined ? { name: values.name } : {}),
    ...(values.capture !== undefined ? { capture: values.capture } : {}),
  };
  if (values.to !== undefined) {
    if (command.length > 0) return refused('Give either --to URL (an HTTP server) or a command after -- (a stdio server), not both.');
    return { ok: true, value: { to: values.to, listen: values.listen ?? { host: DEFAULT_HOST, port: 0 }, ...named } };
  }
  if (values.listen !== undefined) return refused('--listen needs --to URL: the server each request is forwarded to.');
  const [first, ...args] = command;
  if (first === undefined || first === '') return refused(NO_COMMAND);
  return { ok: true, value: { command: first, args, ...named } };
}
