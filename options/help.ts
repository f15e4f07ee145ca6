// --help text, generated from the table: the synopsis of an option and the
// two-column list of options (or of commands) with their explanations.

import { optionsOf, type OptionSpec, type Program } from './table.js';

/** How the option is written, with its value: "-e, --env KEY=VALUE". */
export function optionSpelling(spec: OptionSpec): string {
  const short = spec.short ? `-${spec.short}, ` : '';
  return `${short}${spec.flag}${spec.kind === 'switch' ? '' : ` ${spec.placeholder}`}`;
}

/** How a usage line shows the option: "[-e KEY=VALUE]...". */
export function optionSynopsis(spec: OptionSpec): string {
  const flag = spec.short ? `-${spec.short}` : spec.flag;
  const shown = `[${flag}${spec.kind === 'switch' ? '' : ` ${spec.placeholder}`}]`;
  return spec.kind === 'list' ? `${shown}...` : shown;
}

export function helpOf(spec: OptionSpec, program: Program): string {
  return typeof spec.help === 'string' ? spec.help : (spec.help[program] ?? '');
}

/** Rows of "left  explanation", the explanations in one column; a left side too wide for it gets a line of its own. */
export function columns(rows: ReadonlyArray<readonly [string, string]>, widest = 24): string[] {
  const width = Math.min(widest, Math.max(...rows.map(([left]) => left.length)));
  const pad = ' '.repeat(2 + width + 2);
  return rows.flatMap(([left, right]) => {
    const [first = '', ...more] = right.split('\n');
    const head = left.length <= width ? [`  ${left.padEnd(width)}  ${first}`] : [`  ${left}`, `${pad}${first}`];
    return [...head, ...more.map((line) => `${pad}${line}`)];
  });
}

/** The option list of one program's --help; `which` picks a part of the table. */
export function optionHelp(program: Program, which: (spec: OptionSpec) => boolean = () => true): string[] {
  return columns(
    optionsOf(program)
      .filter(([, spec]) => which(spec))
      .map(([, spec]) => [optionSpelling(spec), helpOf(spec, program)]),
  );
}
