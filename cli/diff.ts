// `mcpscope diff A B`: the interfaces of two servers compared. Exit 0: no breaking change; 1: a breaking
// change (for CI); 2: a side could not be read (which side, and which step or list failed).
// `mcpscope diff --save FILE A`: A's interface written as a snapshot, to be a side later.

import { writeFileSync } from 'node:fs';
import { diffInterfaces, countChanges, interfaceSnapshot, plural, type ServerInterface } from '../src/protocol/index.js';
import { readConfigFile, type ConfigFile } from '../node/config/config-file.js';
import { oneLine } from '../node/config/one-line.js';
import type { UpstreamOpener } from './connection.js';
import type { DiffOptions } from './diff-args.js';
import { diffJson, diffText } from './diff-report.js';
import { SIDE_LABELS, SideFailed, readSide, resolveSide, type SideContext, type SideInterface, type SideSource } from './diff-sides.js';
import { jsonText } from './format.js';
import type { CliIo } from './main.js';

/** The exit codes of a diff. */
export const DIFF_EXIT = { same: 0, breaking: 1, unreadable: 2 } as const;

function counted(lists: ServerInterface): string {
  return [
    plural(lists.tools.length, 'tool'),
    plural(lists.resources.length, 'resource'),
    plural(lists.resourceTemplates.length, 'resource template'),
    plural(lists.prompts.length, 'prompt'),
  ].join(', ');
}

function save(file: string, side: SideInterface, io: CliIo): number {
  const snapshot = interfaceSnapshot(side.lists, {
    ...(side.server ? { server: side.server } : {}),
    ...(side.protocolVersion ? { protocolVersion: side.protocolVersion } : {}),
    savedAt: new Date().toISOString(),
  });
  const text = jsonText(snapshot, 2);
  if (text === undefined) {
    io.err(`mcpscope: ${side.source}'s lists are nested too deeply to save as JSON; nothing was written to ${file}.`);
    return DIFF_EXIT.unreadable;
  }
  try {
    writeFileSync(file, `${text}\n`);
  } catch (e) {
    io.err(`mcpscope: the snapshot could not be written to ${file} (${(e as NodeJS.ErrnoException).code ?? String(e)}).`);
    return DIFF_EXIT.unreadable;
  }
  io.out(`Saved the interface of ${side.source} (${counted(side.lists)}) to ${file}.`);
  return DIFF_EXIT.same;
}

export async function runDiff(options: DiffOptions, io: CliIo, opener?: UpstreamOpener): Promise<number> {
  let config: ConfigFile | undefined;
  if (options.config !== undefined) {
    const read = readConfigFile(options.config);
    if (!read.ok) {
      io.err(`mcpscope: ${read.error}`);
      return DIFF_EXIT.unreadable;
    }
    config = read.value;
  }
  const context: SideContext = {
    options,
    ...(config ? { config } : {}),
    ...(io.ask ? { ask: io.ask } : {}),
    notice: (line) => io.err(`mcpscope: ${oneLine(line)}`),
    ...(opener ? { opener } : {}),
  };
  const labels = options.save !== undefined ? ['A'] : SIDE_LABELS;
  const sources: SideSource[] = [];
  for (const [i, word] of options.sides.entries()) {
    const source = await resolveSide(word, context, i === 0 ? 0 : 1);
    if (!source.ok) {
      io.err(`mcpscope: ${labels[i]}: ${source.error}`);
      return DIFF_EXIT.unreadable;
    }
    sources.push(source.value);
  }
  if (options.sharedHeaders && !sources.some((s) => s.kind === 'server' && s.url)) {
    io.err('mcpscope: --header is for a side named by its URL, and neither side is one (a named server has its own headers).');
    return DIFF_EXIT.unreadable;
  }
  // Both at once, and both failures said when both fail.
  const read = await Promise.allSettled(sources.map((source, i) => readSide(labels[i]!, source, context)));
  const sides: SideInterface[] = [];
  let failed = false;
  for (const r of read) {
    if (r.status === 'fulfilled') sides.push(r.value);
    else if (r.reason instanceof SideFailed) {
      io.err(`mcpscope: ${r.reason.message}`);
      failed = true;
    } else throw r.reason;
  }
  if (failed) return DIFF_EXIT.unreadable;
  if (options.save !== undefined) return save(options.save, sides[0]!, io);
  const [a, b] = sides as [SideInterface, SideInterface];
  const changes = diffInterfaces(a.lists, b.lists);
  if (options.json) {
    const text = jsonText(diffJson(a, b, changes), 2);
    if (text === undefined) {
      io.err('mcpscope: the changes are nested too deeply to print as JSON. Run without --json to see them.');
      return DIFF_EXIT.unreadable;
    }
    io.out(text);
  } else for (const line of diffText(a, b, changes)) io.out(line);
  return countChanges(changes).breaking > 0 ? DIFF_EXIT.breaking : DIFF_EXIT.same;
}
