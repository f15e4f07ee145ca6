// Prompts: the list on the left; the selected prompt's form and its latest
// prompts/get on the right.

import type { Prompt } from '../../../protocol/index.js';
import { useConnection, usePrompts } from '../../hooks.js';
import { usePromptGet, useServerList } from '../../server-data/queries.js';
import { PromptForm } from './PromptForm.js';
import { PromptList } from './PromptList.js';
import { PromptResultView } from './PromptResultView.js';
import '../resources/resources.css';
import './prompts.css';

export function PromptsTab() {
  // The store changes whenever the session state does, so canSend stays current.
  const canSend = useConnection((s) => {
    const allowed = s.snapshot?.sessionState === undefined ? undefined : s.session?.canSend('prompts/get');
    return allowed === undefined ? 'Not connected: connect to a server first.' : allowed.ok ? undefined : allowed.reason;
  });
  const list = useServerList<Prompt>('prompts');
  const selectedName = usePrompts((s) => s.selected);
  const get = usePromptGet();
  const items = list.items;
  const selected = items.find((p) => p.name === selectedName);

  return (
    <div className="prompts-tab">
      <PromptList list={list} />
      <div className="prompt-detail">
        {selected ? (
          <PromptForm key={selected.name} prompt={selected} canSend={canSend} loading={get.requested?.name === selected.name && get.query.isFetching} />
        ) : (
          <p className="hint">{items.length > 0 ? 'Select a prompt to fill in its arguments and get it.' : ''}</p>
        )}
        {get.requested && get.requested.name === selected?.name && <PromptResultView name={get.requested.name} query={get.query} />}
      </div>
    </div>
  );
}
