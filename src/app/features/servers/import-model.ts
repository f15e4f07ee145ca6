// The Import dialog's reading of a config: importConfig runs in the page (which has no process
// environment, so unset variables are said), the person picks entries and answers the inputs they
// use, and the chosen ones go to the proxy with every ${input:…} replaced.

import {
  importConfig,
  inputsOf,
  joinArgs,
  resolveInputs,
  type ConfigHost,
  type ConfigImport,
  type ConfigInput,
  type ServerEntry,
} from '../../../protocol/index.js';

/** The page reads no environment: every ${env:…} / ${NAME} counts as unset, and importConfig says so per server. */
export function readConfig(text: string, fileName: string | undefined, host: ConfigHost | undefined): ConfigImport {
  return importConfig(text, { env: {}, ...(fileName !== undefined ? { fileName } : {}), ...(host !== undefined ? { host } : {}) });
}

/** What a preview row shows of an entry: the command line, or the URL. */
export function entryTarget(entry: ServerEntry): string {
  const t = entry.transport;
  return t.kind === 'stdio' ? joinArgs([t.command, ...t.args]) : t.url;
}

/** The inputs the chosen entries use, each asked once. */
export function inputsToAsk(read: ConfigImport, chosen: ReadonlySet<string>): ConfigInput[] {
  const ids = new Set(read.entries.filter((e) => chosen.has(e.name)).flatMap((e) => inputsOf(e, read.inputs).map((i) => i.id)));
  return read.inputs.filter((i) => ids.has(i.id));
}

export type ChosenEntries = { ok: true; entries: ServerEntry[] } | { ok: false; errors: string[] };

/** The chosen entries with the person's answers in, or one sentence per entry still missing one. */
export function chosenEntries(read: ConfigImport, chosen: ReadonlySet<string>, answers: Readonly<Record<string, string>>): ChosenEntries {
  const entries: ServerEntry[] = [];
  const errors: string[] = [];
  for (const entry of read.entries.filter((e) => chosen.has(e.name))) {
    const resolved = resolveInputs(entry, read.inputs, answers);
    if (resolved.ok) entries.push(resolved.entry);
    else errors.push(resolved.error);
  }
  if (errors.length === 0 && entries.length === 0) errors.push('Choose at least one server to import.');
  return errors.length > 0 ? { ok: false, errors } : { ok: true, entries };
}

/** The sentence after an import: how many were added, and which got another name because theirs was taken. */
export function importedSentence(added: number, renamed: ReadonlyArray<{ from: string; to: string }>): string {
  const count = `Imported ${added} server${added === 1 ? '' : 's'}.`;
  if (renamed.length === 0) return count;
  return `${count} ${renamed.map((r) => `"${r.from}" is saved as "${r.to}"`).join(', ')}, because that name was taken.`;
}
