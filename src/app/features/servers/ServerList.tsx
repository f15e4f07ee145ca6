// The saved servers at the top of the sidebar: Recent, the saved list and the --config file's;
// choosing one fills the Connect form. A broken servers.json is said, and replaced only on request.

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { SavedServerView, ServerListView } from '../../../protocol/index.js';
import { useApp, useConnection } from '../../hooks.js';
import { useLaunchConfig } from '../../api/launch-config.js';
import { SERVER_LIST_KEY, useServerChange, useServerList } from '../../api/servers-api.js';
import { chooseServer, restoreServer } from './server-settings.js';
import { lazyView } from '../../components/LazyView.js';
import { ServerActions } from './ServerActions.js';
import { ServerGroup } from './ServerGroup.js';
import { useFormLink } from './use-form-link.js';
import { useServerSelection, useServersApi, useSettingsStores } from './use-servers.js';
import './servers.css';

// The dialogs and the config readers they need (jsonc-parser, every host's shape) load when first opened.
const ImportDialog = lazyView('the Import dialog', () => import('./ImportDialog.js').then((m) => m.ImportDialog));
const ExportDialog = lazyView('the Export dialog', () => import('./ExportDialog.js').then((m) => m.ExportDialog));

export interface ListMessage {
  text: string;
  error: boolean;
}

/** After a reload: the kept selection back, else the one npm start --server named (saved, or of --config). */
function useRestoredSelection(list: ServerListView | undefined, say: (m: ListMessage) => void): void {
  const app = useSettingsStores();
  const { token } = useApp();
  const launch = useLaunchConfig(token ?? '');
  const launched = launch.isPending ? undefined : (launch.data?.savedServer ?? null);
  useEffect(() => {
    const { servers } = app;
    const state = servers.getState();
    if (list === undefined || launched === undefined || state.restored) return;
    state.markRestored();
    const byId = (id: string | undefined) => list.servers.find((s) => s.id === id);
    const kept = byId(state.selected);
    if (kept !== undefined) restoreServer(app, kept);
    else {
      if (state.selected !== undefined) {
        servers.getState().clear();
        say({ text: 'The server chosen before is no longer in the list: the form is as it was.', error: false });
      }
      const named = byId(list.configFile?.selected) ?? byId(launched ?? undefined);
      if (named !== undefined) chooseServer(app, named);
    }
  }, [app, list, launched, say]);
}

/** A connection that opened a saved server made it the most recent: the list is read again. */
function useRecentAfterConnect(): void {
  const queryClient = useQueryClient();
  const ready = useConnection((s) => (s.snapshot?.status === 'ready' ? s.snapshot.connection : undefined));
  useEffect(() => {
    if (ready !== undefined) void queryClient.invalidateQueries({ queryKey: SERVER_LIST_KEY });
  }, [ready, queryClient]);
}

export function ServerList() {
  const app = useSettingsStores();
  const api = useServersApi();
  const list = useServerList(api);
  useRecentAfterConnect();
  useFormLink();
  const selected = useServerSelection((s) => s.selected);
  const [message, setMessage] = useState<ListMessage>();
  const [dialog, setDialog] = useState<'import' | 'export'>();
  useRestoredSelection(list.data, setMessage);
  const reset = useServerChange(api.reset);
  const data = list.data;
  const byId = new Map((data?.servers ?? []).map((s) => [s.id, s]));
  const recent = (data?.recent ?? []).flatMap((id) => byId.get(id) ?? []);
  const saved = (data?.servers ?? []).filter((s) => s.source === 'saved');
  const fromConfig = (data?.servers ?? []).filter((s) => s.source === 'config');
  const choose = (server: SavedServerView) => {
    setMessage(undefined);
    chooseServer(app, server);
  };
  const selectedServer = selected !== undefined ? byId.get(selected) : undefined;
  return (
    <section className="server-list" aria-labelledby="server-list-heading">
      <h3 id="server-list-heading">Your servers</h3>
      {list.isPending && <p className="hint">Reading the saved servers…</p>}
      {list.isError && (
        <p className="field-error" role="alert">
          {list.error.message}
        </p>
      )}
      {data?.problem !== undefined && (
        <div className="failure" role="alert">
          <p>{data.problem}</p>
          <button
            type="button"
            disabled={reset.isPending}
            onClick={() =>
              reset.mutate(undefined, {
                onSuccess: (view) =>
                  setMessage({ text: `A new list was started; the old file was moved to ${view.movedAside ?? 'a .broken file beside it'}.`, error: false }),
                onError: (e) => setMessage({ text: e.message, error: true }),
              })
            }
          >
            Start a new list (the old file is kept as servers.json.broken-…)
          </button>
        </div>
      )}
      {data?.notes?.map((note) => (
        <p className="hint" key={note}>
          {note}
        </p>
      ))}
      {data !== undefined && (
        <>
          <ServerGroup label="Recent" servers={recent} selected={selected} onChoose={choose} />
          <ServerGroup label="Saved" servers={saved} selected={selected} onChoose={choose} />
          {data.configFile !== undefined && (
            <ServerGroup label="From" path={data.configFile.path} note="(read-only)" servers={fromConfig} selected={selected} onChoose={choose} />
          )}
          {data.configFile?.problems.map((p) => (
            <p className="hint" key={`${p.server ?? ''} ${p.message}`}>
              {p.message}
            </p>
          ))}
          {data.servers.length === 0 && data.problem === undefined && <p className="hint">None saved yet: fill in the form below, then Add.</p>}
        </>
      )}
      <ServerActions server={selectedServer} say={setMessage} open={setDialog} />
      {message !== undefined && (
        <p className={message.error ? 'field-error' : 'hint'} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      {data !== undefined && <p className="hint server-file">Kept by the proxy in {data.file}</p>}
      {dialog === 'import' && <ImportDialog onClose={() => setDialog(undefined)} say={setMessage} />}
      {dialog === 'export' && selectedServer !== undefined && <ExportDialog server={selectedServer} onClose={() => setDialog(undefined)} />}
    </section>
  );
}
