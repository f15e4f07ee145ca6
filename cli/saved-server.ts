// --server NAME without --config: a server of the saved list (servers.json, the one the inspector's page
// keeps), read with the proxy's own reader.
import { defaultServersFile, readServersFileSync } from '../node/servers/servers-file.js';
import { byName, serverNamed } from '../src/protocol/index.js';
import { orList, refused, type Checked } from '../options/values.js';
import type { ConfigServer } from './config-file.js';

export function readSavedServer(name: string, file: string = defaultServersFile()): Checked<ConfigServer> {
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
