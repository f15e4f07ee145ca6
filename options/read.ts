// Reads a command line against the table with node:util parseArgs: both
// spellings (--opt value and --opt=value), -e's short form, and `--`. The
// tokens are walked here so that every message is ours and names the option
// as it was typed.

import { parseArgs, type ParseArgsConfig } from 'node:util';
import { OPTIONS, PROGRAM_NAME, optionsOf, type OptionName, type OptionValues, type Program, type ValueOption } from './table.js';
import { ownValue } from '../src/protocol/wire.js';
import { refused, type Checked } from './values.js';

export interface OptionsRead {
  values: OptionValues;
  /** The words that are not options (with `untilCommand`, none). */
  positionals: string[];
  /** With `untilCommand`: the server command and everything after it, untouched. */
  command: string[];
}

export interface ReadMode {
  /**
   * npm start: the first word that is not an option (or whatever follows `--`)
   * starts the server command, and everything from there on belongs to the server.
   */
  untilCommand?: boolean;
}

function parseArgsOptions(program: Program): NonNullable<ParseArgsConfig['options']> {
  const options: NonNullable<ParseArgsConfig['options']> = {};
  for (const [, spec] of optionsOf(program)) {
    options[spec.flag.slice(2)] = { type: spec.kind === 'switch' ? 'boolean' : 'string', ...(spec.short ? { short: spec.short } : {}) };
  }
  return options;
}

function unknownOption(typed: string, name: string, program: Program): string {
  const others = (Object.keys(PROGRAM_NAME) as Program[]).filter((p) => p !== program);
  const other = others.flatMap((p) => optionsOf(p)).find(([, spec]) => spec.flag === `--${name}` || spec.short === name);
  if (other === undefined) return `Unknown option "${typed}".`;
  return `Unknown option "${typed}": it is an option of ${PROGRAM_NAME[other[1].programs[0]!]}, not of ${PROGRAM_NAME[program]}.`;
}

export function readOptions(argv: readonly string[], program: Program, mode: ReadMode = {}): Checked<OptionsRead> {
  const { tokens } = parseArgs({ args: [...argv], options: parseArgsOptions(program), strict: false, allowPositionals: true, tokens: true });
  const byFlag = new Map(optionsOf(program).map(([name, spec]) => [spec.flag.slice(2), name]));
  const values: Record<string, unknown> = {};
  const positionals: string[] = [];
  let command: string[] = [];
  let problem: string | undefined;
  for (const token of tokens) {
    if (mode.untilCommand && (token.kind === 'positional' || token.kind === 'option-terminator')) {
      command = argv.slice(token.kind === 'positional' ? token.index : token.index + 1);
      break;
    }
    if (token.kind === 'positional') positionals.push(token.value);
    if (token.kind !== 'option') continue;
    const name: OptionName | undefined = byFlag.get(token.name);
    if (name === 'help') {
      // Asking for help wins over any mistake next to it.
      return { ok: true, value: { values: { help: true }, positionals: [], command: [] } };
    }
    if (problem !== undefined) continue;
    if (name === undefined) {
      problem = unknownOption(argv[token.index] ?? token.rawName, token.name, program);
      continue;
    }
    const spec = OPTIONS[name];
    if (spec.kind === 'switch') {
      if (token.value !== undefined) problem = `${token.rawName} takes no value; write ${token.rawName} alone.`;
      else values[name] = true;
      continue;
    }
    const valued: ValueOption<unknown> = spec;
    if (token.value === undefined) {
      problem = `${token.rawName} needs a value (${token.rawName} ${valued.placeholder}).`;
      continue;
    }
    const checked = valued.check(token.value, { flag: token.rawName, placeholder: valued.placeholder });
    if (!checked.ok) problem = checked.error;
    else if (valued.kind === 'list') values[name] = [...((ownValue(values, name) as unknown[] | undefined) ?? []), checked.value];
    else values[name] = checked.value;
  }
  if (problem !== undefined) return refused(problem);
  // Each value was made by its option's own check, so it has the type OptionValues gives that option.
  return { ok: true, value: { values: values as OptionValues, positionals, command } };
}
