// `mcpscope diff [--config FILE] A B` and `mcpscope diff --save FILE A`: the command line of a diff, which
// names its two servers as words (config names, saved servers, URLs or snapshot files), not with --stdio or --url.

import { DEFAULT_PROTOCOL_VERSION, type VersionChoice } from '../src/protocol/index.js';
import { ERA_VERSION } from './args.js';
import { readOptions } from '../options/read.js';
import { DEFAULT_TIMEOUT_MS, OPTIONS, optionsOf, type OptionName } from '../options/table.js';
import { refused, type Checked } from '../options/values.js';

export interface DiffOptions {
  /** A then B as given; with --save, A alone. */
  sides: string[];
  /** --config FILE: where A and B are looked up by name first. */
  config?: string;
  /** --input ID=VALUE answers for the --config file's inputs. */
  answers: Array<[string, string]>;
  save?: string;
  json: boolean;
  verbose: boolean;
  timeoutMs: number;
  /** --protocol-version or --protocol-era; absent: each entry's own, else the default. */
  protocolVersion?: VersionChoice;
  /** Request headers of each side's URL: --header (both) then --header-a or --header-b. */
  headers: [Array<[string, string]>, Array<[string, string]>];
  /** Whether each side was given headers of its own (--header-a, --header-b), which only a URL side can take. */
  ownHeaders: [boolean, boolean];
  /** Whether --header (for both) was given. */
  sharedHeaders: boolean;
}

/** The options a diff takes; the rest say how to reach one server, which A and B do themselves. */
const TAKES = new Set<OptionName>([
  'config',
  'input',
  'json',
  'verbose',
  'timeout',
  'protocolVersion',
  'protocolEra',
  'save',
  'help',
  'header',
  'headerA',
  'headerB',
]);

export const DIFF_USAGE = 'mcpscope diff [--config FILE] [--header|--header-a|--header-b "Name: value"] A B   (or: mcpscope diff --save FILE A)';

/** The diff's options when `argv` is a diff (its first word is `diff`), else undefined: the other commands parse it. */
export function parseDiffArgs(argv: readonly string[]): Checked<DiffOptions> | undefined {
  const read = readOptions(argv, 'cli');
  if (!read.ok || read.value.positionals[0] !== 'diff') return undefined;
  const { values, positionals } = read.value;
  const sides = positionals.slice(1);
  const other = optionsOf('cli').find(([name]) => values[name] !== undefined && !TAKES.has(name));
  if (other !== undefined) {
    const [name, spec] = other;
    const why =
      name === 'server'
        ? `name the server as A or B itself (with ${OPTIONS.config.flag}, a name in the file; without it, a saved server)`
        : 'A and B say how to reach each server';
    return refused(`${spec.flag} does not go with diff: ${why}. ${DIFF_USAGE}`);
  }
  if (values.protocolVersion !== undefined && values.protocolEra !== undefined) {
    return refused(`Give ${OPTIONS.protocolVersion.flag} or ${OPTIONS.protocolEra.flag}, not both: the era stands for a version.`);
  }
  const wanted = values.save !== undefined ? 1 : 2;
  if (sides.length !== wanted) {
    const what =
      values.save !== undefined
        ? `--save takes one server, the one to save (got ${sides.length})`
        : `diff compares two servers, A (old) and B (new) (got ${sides.length})`;
    return refused(`${what}: each a --config name, a saved server, an http(s) URL or a snapshot file. ${DIFF_USAGE}`);
  }
  if (values.input !== undefined && values.config === undefined)
    return refused(`${OPTIONS.input.flag} goes with ${OPTIONS.config.flag}: it answers an \${input:ID} of a config file.`);
  if (values.save !== undefined && values.headerB !== undefined)
    return refused(`${OPTIONS.headerB.flag} is for B, and --save takes one server: give its headers with ${OPTIONS.header.flag}.`);
  const both = values.header ?? [];
  const version = values.protocolVersion ?? (values.protocolEra ? ERA_VERSION[values.protocolEra] : undefined);
  return {
    ok: true,
    value: {
      sides,
      ...(values.config !== undefined ? { config: values.config } : {}),
      answers: values.input ?? [],
      ...(values.save !== undefined ? { save: values.save } : {}),
      json: values.json === true,
      verbose: values.verbose === true,
      timeoutMs: values.timeout ?? DEFAULT_TIMEOUT_MS,
      ...(version !== undefined ? { protocolVersion: version } : {}),
      headers: [
        [...both, ...(values.headerA ?? [])],
        [...both, ...(values.headerB ?? [])],
      ],
      ownHeaders: [values.headerA !== undefined, values.headerB !== undefined],
      sharedHeaders: values.header !== undefined,
    },
  };
}

/** The version to connect with: the option, else the entry's, else the CLI's default. */
export function versionFor(options: DiffOptions, entryVersion: VersionChoice | undefined): VersionChoice {
  return options.protocolVersion ?? entryVersion ?? DEFAULT_PROTOCOL_VERSION;
}
