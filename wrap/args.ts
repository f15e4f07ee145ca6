// `mcpscope wrap [--name NAME] [--capture FILE] -- COMMAND ARGS…`: the options
// come from the one table; everything after `--` (or from the first word that
// is not an option) is the server's command line, untouched.
import { columns, optionHelp, optionSynopsis } from '../options/help.js';
import { readOptions } from '../options/read.js';
import { OPTIONS } from '../options/table.js';
import { refused, type Checked } from '../options/values.js';

export interface WrapOptions {
  command: string;
  args: string[];
  name?: string;
  capture?: string;
}

export const WRAP_USAGE = [
  `Usage: mcpscope wrap ${optionSynopsis(OPTIONS.name)} ${optionSynopsis(OPTIONS.capture)} -- COMMAND [ARGS...]`,
  '',
  "Put this in a host's config in place of the server's command. The server is",
  'started without a shell (same environment and directory); what the host and',
  'the server write to each other is forwarded byte for byte and recorded in a',
  "capture that the page's Log opens with Import. Nothing is added to stdout.",
  '',
  ...columns([['COMMAND [ARGS...]', 'the server, as the host would start it']]),
  '',
  'Options:',
  ...optionHelp('wrap'),
].join('\n');

const NO_COMMAND = 'Nothing to run: give the server\'s command after --, e.g. "mcpscope wrap -- node server.js".';

export function parseWrapArgs(argv: readonly string[]): Checked<WrapOptions | 'help'> {
  const read = readOptions(argv, 'wrap', { untilCommand: true });
  if (!read.ok) return read;
  const { values, command } = read.value;
  if (values.help) return { ok: true, value: 'help' };
  const [first, ...args] = command;
  if (first === undefined || first === '') return refused(NO_COMMAND);
  return {
    ok: true,
    value: {
      command: first,
      args,
      ...(values.name !== undefined ? { name: values.name } : {}),
      ...(values.capture !== undefined ? { capture: values.capture } : {}),
    },
  };
}
