// --server NAME without --config: a server of the saved list (servers.json, the one the inspector's page
// keeps), read as the proxy reads it.
import { withEnvFile } from '../node/config/config-file.js';
import { readSavedServer } from '../node/servers/saved-by-name.js';
import type { ConfigInput, ServerEntry } from '../src/protocol/index.js';
import { OPTIONS, type OptionValues } from '../options/table.js';
import { refused, type Checked } from '../options/values.js';

/** A saved server as the CLI runs it: like a --config file's, with no input left to answer. */
export interface SavedTarget {
  entry: ServerEntry;
  inputs: ConfigInput[];
  notes: string[];
}

/** --server NAME alone; the options that say how to reach a server are refused, since the saved one says it. */
export function savedServerOf(values: OptionValues): Checked<SavedTarget> {
  const flag = OPTIONS.server.flag;
  if (values.stdio !== undefined || values.url !== undefined)
    return refused(`Give ${flag} or ${values.stdio !== undefined ? '--stdio' : '--url'}, not both: the saved server list says how to reach the server.`);
  const extra = (['env', 'cwd', 'header', 'mode'] as const).find((name) => values[name] !== undefined);
  if (extra) return refused(`${OPTIONS[extra].flag} goes with --stdio or --url, not ${flag} alone: set it in the saved server, in the inspector's page.`);
  if (values.input !== undefined) return refused(`${OPTIONS.input.flag} goes with ${OPTIONS.config.flag}: a saved server keeps its values.`);
  const saved = readSavedServer(values.server!, '--config FILE, --stdio or --url');
  if (!saved.ok) return saved;
  // A saved envFile is read as a --config file's is (a relative one against the current folder).
  const entry = withEnvFile(saved.value.entry, process.cwd());
  return entry.ok ? { ok: true, value: { entry: entry.value, inputs: [], notes: [] } } : entry;
}
