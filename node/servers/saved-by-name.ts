// --server NAME without --config, in both programs: the saved server of that name (servers.json, the list
// the inspector's page keeps), or the one sentence that says why there is none.
import { orList, refused, type Checked } from '../../options/values.js';
import { byName, serverNamed, type SavedServer } from '../../src/protocol/wire.js';
import { defaultServersFile, readServersFileSync } from './servers-file.js';

/**
 * @param otherWays how else the program reaches a server, for the sentence when nothing is saved yet
 *   ("--config FILE, --stdio or --url")
 */
export function readSavedServer(name: string, otherWays: string, file: string = defaultServersFile()): Checked<SavedServer> {
  const read = readServersFileSync(file);
  if (!read.ok) return refused(`--server ${name} picks from the saved servers, which cannot be read: ${read.problem}`);
  const saved = serverNamed(read.list.servers, name);
  if (saved !== undefined) return { ok: true, value: saved };
  const names = byName(read.list.servers).map((s) => `"${s.entry.name}"`);
  const unread = read.notes.length > 0 ? ` ${read.notes.join(' ')}` : '';
  if (names.length === 0) {
    return refused(
      `There are no saved servers in ${file} yet, so there is none called "${name}": save one in the inspector's page, or give ${otherWays}.${unread}`,
    );
  }
  return refused(`No saved server is called "${name}": the saved servers (${file}) are ${orList(names)}.${unread}`);
}
