// Prompts: the list on the left; the selected prompt's form and its latest
// prompts/get on the right.

import { useEffect } from 'react';
import type { Prompt } from '../../../protocol/index.js';
import { controller } from '../../app-state.js';
import { useConnection } from '../../hooks.js';
import { useServerList } from '../../server-data/queries.js';
import { PromptForm } from './PromptForm.js';
import { PromptList } from './PromptList.js';
import { PromptResultView } from './PromptResultView.js';
import { promptsStore, usePrompts } from './state.js';
import '../resources/resources.css';
import './prompts.css';

export function PromptsTab() {
  const connection = useConnection((s) => s.snapshot?.connection ?? 0);
  // The snapshot changes whenever the session state does, so canSend stays current.
  const sessionState = useConnection((s) => s.snapshot?.sessionState);
  useEffect(() => promptsStore.getState().forConnection(connection), [connection]);
  const list = useServerList<Prompt>('prompts');
  const selectedName = usePrompts((s) => s.selected);
  const get = usePrompts((s) => s.get);
  const items = list.unavailable === undefined ? (list.query.data?.items ?? []) : [];
  const selected = items.find((p) => p.name === selectedName);
  const allowed = sessionState === undefined ? undefined : controller.session?.canSend('prompts/get');
  const canSend = allowed === undefined ? 'Not connected: connect to a server first.' : allowed.ok ? undefined : allowed.reason;

  return (
    <div className="prompts-tab">
      <PromptList list={list} />
      <div className="prompt-detail">
        {selected ? (
          <PromptForm key={selected.name} prompt={selected} canSend={canSend} />
        ) : (
          <p className="hint">{items.length > 0 ? 'Select a prompt to fill in its arguments and get it.' : ''}</p>
        )}
        {get && get.name === selected?.name && <PromptResultView get={get} />}
      </div>
    </div>
  );
}
