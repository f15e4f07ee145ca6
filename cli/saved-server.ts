// --server NAME without --config: a server of the saved list (servers.json, the one the inspector's page
// keeps), read with the proxy's own reader.
import { defaultServersFile, readServersFileSync } from '../node/servers/servers-file.js';
import { byName, serverNamed, type ConfigInput, type ServerEntry } from '../src/protocol/index.js';
import { OPTIONS, type OptionValues } from '../options/table.js';
import { orList, refused, type Checked } from '../options/values.js';

/** A saved server as the CLI runs it: like a --config file's, with no input left to answer. */
export interface SavedTarget {
  entry: ServerEntry;
  inputs: ConfigInput[];
  notes: string[];
}

export function readSavedServer(name: string, file: string = defaultServersFile()): Checked<SavedTarget> {
  const read = readServersFileSync(file);
  if (!read.ok) return refused(`--server ${name} picks from the saved servers, which cannot be read: ${read.problem}`);
  const saved = serverNamed(read.list.servers, name);
  if (saved !== undefined) return { ok: true, value: { entry: saved.entry, inputs: [], notes: [] } };
  const names = byName(read.list.servers).map((s) => `"${s.entry.name}"`);
  const unread = read.notes.length > 0 ? ` ${read.notes.join(' ')}` : '';
  if (names.length === 0) {
    return refused(
      `There are no saved servers in ${file} yet, so there is none called "${name}": save one in the inspector's page, or give --config FILE, --stdio or --url.${unread}`,
    );
  }
  return refused(`No saved server is called "${name}": the saved servers (${file}) are ${orList(names)}.${unread}`);
}

/** --server NAME alone; the options that say how to reach a server are refused, since the saved one says it. */
export function savedServerOf(values: OptionValues): Checked<SavedTarget> {
  const flag = OPTIONS.server.flag;
  if (values.stdio !== undefined || values.url !== undefined)
    return refused(`Give ${flag} or ${values.stdio !== undefined ? '--stdio' : '--url'}, not both: the saved server list says how to reach the server.`);
  const extra = (['env', 'cwd', 'header', 'mode'] as const).find((name) => values[name] !== undefined);
  if (extra) return refused(`${OPTIONS[extra].flag} goes with --stdio or --url, not ${flag} alone: set it in the saved server, in the inspector's page.`);
  if (values.input !== undefined) return refused(`${OPTIONS.input.flag} goes with ${OPTIONS.config.flag}: a saved server keeps its values.`);
  return readSavedServer(values.server!);
}
