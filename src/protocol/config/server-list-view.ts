// The list as the page gets it: the saved servers by name, then the --config file's (read-only, ids
// "config:<name>"), every secret value replaced by KEPT_SECRET.

import type { ServerEntry } from './entry.js';
import type { ConfigInput, ConfigProblem } from './problems.js';
import { byName, recentOf, viewOf, type SavedServer, type ServerListView } from './server-list.js';
import type { ServersDocument } from './servers-json.js';

/** The config file npm start was given (--config), as read by the side that has files. */
export interface LaunchConfigFile {
  path: string;
  servers: Array<{ entry: ServerEntry; inputs: ConfigInput[]; notes: string[] }>;
  problems: ConfigProblem[];
  /** The name given with --server, or the file's only server. */
  selected?: string;
}

/** The id of a --config file's server. */
export function configServerId(name: string): string {
  return `config:${name}`;
}

/** The --config file's servers as list members, read-only; `readAt` stands for their creation. */
export function configServers(file: LaunchConfigFile | undefined, readAt: string): SavedServer[] {
  return (file?.servers ?? []).map(({ entry }) => ({ id: configServerId(entry.name), entry, createdAt: readAt, updatedAt: readAt, source: 'config' }));
}

export function listView(
  read: { ok: true; list: ServersDocument; notes: string[] } | { ok: false; problem: string },
  file: string,
  configFile: LaunchConfigFile | undefined,
  config: readonly SavedServer[],
): ServerListView {
  const saved = read.ok ? byName(read.list.servers) : [];
  const servers = [...saved, ...config];
  const view: ServerListView = { file, servers: servers.map(viewOf), recent: read.ok ? recentOf(read.list.recent, servers) : [] };
  if (configFile !== undefined) {
    const inputs = new Map<string, ConfigInput>();
    for (const s of configFile.servers) for (const input of s.inputs) inputs.set(input.id, input);
    view.configFile = {
      path: configFile.path,
      problems: configFile.problems,
      inputs: [...inputs.values()],
      ...(configFile.selected !== undefined ? { selected: configServerId(configFile.selected) } : {}),
    };
  }
  if (!read.ok) view.problem = read.problem;
  else if (read.notes.length > 0) view.notes = read.notes;
  return view;
}
