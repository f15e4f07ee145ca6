// What can be done from the list: Add the form as a new server, and for the selected one Save its
// edits, Duplicate, Rename, Export or Delete (asked first). A config file's server is read-only:
// it can only be saved as a copy.

import { useState } from 'react';
import type { SavedServerView, ServerEntry } from '../../../protocol/index.js';
import { useServerChange } from '../../api/servers-api.js';
import { entryFrom } from './entry-form.js';
import { NameForm } from './NameForm.js';
import { chooseServer, currentSettings, forgetKeptSecrets } from './server-settings.js';
import type { ListMessage } from './ServerList.js';
import { useServersApi, useSettingsStores } from './use-servers.js';

type Asking = 'add' | 'rename' | 'delete' | undefined;

interface Props {
  server: SavedServerView | undefined;
  say: (message: ListMessage | undefined) => void;
  /** Opens the Import or Export dialog. */
  open: (dialog: 'import' | 'export') => void;
}

export function ServerActions({ server, say, open }: Props) {
  const app = useSettingsStores();
  const api = useServersApi();
  const [asking, setAsking] = useState<Asking>();
  const add = useServerChange(api.add);
  const save = useServerChange(({ id, entry }: { id: string; entry: ServerEntry }) => api.save(id, entry));
  const duplicate = useServerChange(api.duplicate);
  const remove = useServerChange(api.remove);
  const busy = add.isPending || save.isPending || duplicate.isPending || remove.isPending;
  const failed = (e: Error) => say({ text: e.message, error: true });

  /** The form's settings as a server named `name`, or undefined when the form says what to fix. */
  const fromForm = (name: string): ServerEntry | undefined => {
    const now = currentSettings(app);
    const built = now ? entryFrom(name, now) : { ok: false as const, errors: ['The Connect form is not shown yet: try again in a moment.'] };
    if (built.ok) return built.entry;
    say({ text: built.errors.join(' '), error: true });
    return undefined;
  };
  const addAs = (name: string) => {
    const entry = fromForm(name);
    if (entry === undefined) return;
    add.mutate(entry, {
      onSuccess: (saved) => {
        setAsking(undefined);
        chooseServer(app, saved);
        say({ text: `Saved as "${saved.entry.name}".`, error: false });
      },
      onError: failed,
    });
  };
  const saveEdits = (s: SavedServerView) => {
    const entry = fromForm(s.entry.name);
    if (entry === undefined) return;
    save.mutate(
      { id: s.id, entry },
      {
        onSuccess: (saved) => {
          chooseServer(app, saved);
          say({ text: `Saved the changes to "${saved.entry.name}".`, error: false });
        },
        onError: failed,
      },
    );
  };
  const renameTo = (s: SavedServerView, name: string) =>
    save.mutate(
      { id: s.id, entry: { ...s.entry, name: name.trim() } },
      {
        onSuccess: (saved) => {
          setAsking(undefined);
          say({ text: `Renamed "${s.entry.name}" to "${saved.entry.name}".`, error: false });
        },
        onError: failed,
      },
    );
  const duplicateOf = (s: SavedServerView) =>
    duplicate.mutate(s.id, {
      onSuccess: (copy) => {
        chooseServer(app, copy);
        say({ text: `Saved a copy of "${s.entry.name}" as "${copy.entry.name}".`, error: false });
      },
      onError: failed,
    });
  const deleteIt = (s: SavedServerView) =>
    remove.mutate(s.id, {
      onSuccess: () => {
        setAsking(undefined);
        const emptied = forgetKeptSecrets(app);
        const retype = emptied.length > 0 ? ` Its kept secrets went with it: type ${emptied.join(', ')} again to connect.` : '';
        say({ text: `Deleted "${s.entry.name}". The form keeps its other settings.${retype}`, error: false });
      },
      onError: failed,
    });

  const readOnly = server?.source === 'config';
  return (
    <div className="server-actions">
      <div className="toolbar" role="toolbar" aria-label="Server list actions">
        <button type="button" className="small" onClick={() => setAsking('add')} disabled={busy}>
          Add
        </button>
        {server !== undefined && !readOnly && (
          <button type="button" className="small" onClick={() => saveEdits(server)} disabled={busy}>
            Save
          </button>
        )}
        {server !== undefined && (
          <button type="button" className="small" onClick={() => duplicateOf(server)} disabled={busy}>
            {readOnly ? 'Save a copy' : 'Duplicate'}
          </button>
        )}
        {server !== undefined && !readOnly && (
          <button type="button" className="small" onClick={() => setAsking('rename')} disabled={busy}>
            Rename
          </button>
        )}
        {server !== undefined && (
          <button type="button" className="small" onClick={() => open('export')}>
            Export…
          </button>
        )}
        <button type="button" className="small" onClick={() => open('import')}>
          Import…
        </button>
        {server !== undefined && !readOnly && (
          <button type="button" className="small danger" onClick={() => setAsking('delete')} disabled={busy}>
            Delete
          </button>
        )}
      </div>
      {asking === 'add' && (
        <NameForm label="Name of the new server" initial="" submit="Add" busy={busy} onSubmit={addAs} onCancel={() => setAsking(undefined)} />
      )}
      {asking === 'rename' && server !== undefined && (
        <NameForm
          key={server.id}
          label={`New name for "${server.entry.name}"`}
          initial={server.entry.name}
          submit="Rename"
          busy={busy}
          onSubmit={(name) => renameTo(server, name)}
          onCancel={() => setAsking(undefined)}
        />
      )}
      {asking === 'delete' && server !== undefined && (
        <div className="server-confirm" role="alertdialog" aria-label={`Delete ${server.entry.name}?`}>
          <p>Delete "{server.entry.name}" from the saved list? Its kept secrets go with it.</p>
          <div className="toolbar">
            <button type="button" className="small danger" onClick={() => deleteIt(server)} disabled={busy}>
              Delete
            </button>
            <button type="button" className="small" onClick={() => setAsking(undefined)} autoFocus>
              Cancel
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
