// One group of the server list (Recent, Saved, the --config file's): a button per server, with its
// transport in a word; the selected one is pressed.

import type { SavedServerView } from '../../../protocol/index.js';
import { transportWord } from './transport-word.js';

interface Props {
  label: string;
  servers: readonly SavedServerView[];
  selected: string | undefined;
  onChoose: (server: SavedServerView) => void;
  note?: string;
  /** A file the group comes from, shown as written (not in the label's capitals). */
  path?: string;
}

export function ServerGroup({ label, servers, selected, onChoose, note, path }: Props) {
  if (servers.length === 0) return null;
  return (
    <div className="server-group" role="group" aria-label={path !== undefined ? `${label} ${path}` : label}>
      <p className="server-group-label">
        {label}
        {path !== undefined && <span className="server-group-note"> {path}</span>}
        {note !== undefined && <span className="server-group-note"> {note}</span>}
      </p>
      <ul>
        {servers.map((server) => (
          <li key={server.id}>
            <button type="button" className="server-item" aria-pressed={server.id === selected} onClick={() => onChoose(server)}>
              <span className="server-name">{server.entry.name}</span> <span className="server-transport">{transportWord(server.entry.transport)}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
