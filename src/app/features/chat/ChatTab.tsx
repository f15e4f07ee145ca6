// The Chat tab: a conversation with a model that has the tools of the connections ticked here. Tool calls are
// shown with their arguments and results (and a tool's app under its call); the settings panel sets what each
// request is given, the round limit, and whether each tool call waits for Allow or Deny.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { useApp } from '../../hooks.js';
import { NO_MODEL, useAllowedModelRefs, useModelsApi } from '../models/use-models.js';
import { chatConnections, readyScopes, scopeLabel } from './chat-connections.js';
import { readChatSettings } from './chat-settings.js';
import { createChatStore, type ChatStore } from './chat-store.js';
import { ChatSettingsPanel } from './ChatSettingsPanel.js';
import { ChatEntries } from './ChatEntries.js';
import { ChatToolCount } from './ChatToolCount.js';
import { exportConversation } from './export.js';
import { StartFromPrompt } from './StartFromPrompt.js';
import { useReadyScopes } from './use-ready-scopes.js';
import './chat.css';

export function ChatTab() {
  const api = useModelsApi();
  const { providers, refs } = useAllowedModelRefs(api);
  const { workspace, chatSettings, modelPrefs } = useApp();
  const queryClient = useQueryClient();
  const ready = useReadyScopes();
  const [unticked, setUnticked] = useState<ReadonlySet<number>>(new Set());
  const untickedRef = useRef(unticked);
  untickedRef.current = unticked;
  const [store] = useState<ChatStore>(() =>
    createChatStore({
      generate: (request, signal) => api.generate(request, signal),
      connections: () =>
        chatConnections(
          readyScopes(workspace.getState().scopes).filter((s) => !untickedRef.current.has(s.id)),
          queryClient,
        ),
      settings: () => {
        const read = readChatSettings(chatSettings.getState());
        return read.ok ? read.value : undefined;
      },
      timeoutSeconds: () => modelPrefs.getState().timeoutSeconds,
    }),
  );
  const state = useStore(store);
  const settings = readChatSettings(useStore(chatSettings));
  const settingsProblem = settings.ok ? undefined : Object.values(settings.problems)[0];
  const [text, setText] = useState('');
  const unsettledId = useId();
  const messageId = useId();
  const model = refs.includes(state.model) ? state.model : (refs[0] ?? '');
  useEffect(() => {
    if (model !== store.getState().model) store.getState().setModel(model);
  }, [model, store]);

  if (providers.isPending) return <p className="hint">Reading the model settings…</p>;
  if (refs.length === 0) {
    return (
      <section className="chat" aria-label="Chat">
        <p className="hint" role="status">
          {providers.isError ? providers.error.message : NO_MODEL}
        </p>
      </section>
    );
  }
  const lastFailed = state.entries.at(-1)?.kind === 'failure';

  return (
    <section className="chat" aria-label="Chat">
      <div className="chat-toolbar">
        <label>
          Model
          <select value={model} onChange={(e) => store.getState().setModel(e.target.value)} disabled={state.running}>
            {refs.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        </label>
        <fieldset className="chat-connections">
          <legend>Tools of</legend>
          {ready.length === 0 && <span className="hint">No connection is ready: the model has no tools until you connect to a server.</span>}
          {ready.map((s) => (
            <label key={s.id}>
              <input
                type="checkbox"
                checked={!unticked.has(s.id)}
                onChange={(e) => {
                  const next = new Set(unticked);
                  if (e.target.checked) next.delete(s.id);
                  else next.add(s.id);
                  setUnticked(next);
                }}
              />
              {scopeLabel(s)}
            </label>
          ))}
        </fieldset>
        <button
          type="button"
          onClick={() => exportConversation({ ...state, settings: settings.ok ? settings.value : undefined })}
          disabled={state.entries.length === 0}
        >
          Export conversation
        </button>
        <button type="button" onClick={() => store.getState().clear()} disabled={state.entries.length === 0}>
          Clear
        </button>
      </div>
      <ChatSettingsPanel />
      <ChatToolCount model={model} scopes={ready.filter((s) => !unticked.has(s.id))} />
      {state.entries.length === 0 && <StartFromPrompt scopes={ready} onMessages={(m) => void store.getState().startWith(m)} />}
      <ChatEntries entries={state.entries} onDecide={(id, allow) => store.getState().decide(id, allow)} />
      {lastFailed && !state.running && (
        <button type="button" onClick={() => void store.getState().retry()} disabled={settingsProblem !== undefined}>
          Try again
        </button>
      )}
      <form
        className="chat-compose"
        onSubmit={(e) => {
          e.preventDefault();
          void store.getState().send(text);
          setText('');
        }}
      >
        {/* Not a wrapping label: its accessible name would take in what is typed. */}
        <div className="chat-message">
          <label htmlFor={messageId}>Message</label>
          <textarea id={messageId} value={text} rows={3} onChange={(e) => setText(e.target.value)} disabled={state.running} />
        </div>
        {state.running ? (
          <button type="button" onClick={() => store.getState().stop()}>
            Stop
          </button>
        ) : (
          <button
            type="submit"
            disabled={text.trim() === '' || settingsProblem !== undefined}
            aria-describedby={settingsProblem !== undefined ? unsettledId : undefined}
          >
            Send
          </button>
        )}
      </form>
      {settingsProblem !== undefined && (
        <p id={unsettledId} className="field-error">
          Correct the chat settings first: {settingsProblem}
        </p>
      )}
    </section>
  );
}
