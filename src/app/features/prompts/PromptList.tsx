// prompts/list: a filter, Refresh, and one entry per prompt to select.

import { plural, type Prompt } from '../../../protocol/index.js';
import type { ServerList } from '../../server-data/queries.js';
import { McpIcon } from '../../components/icons/McpIcon.js';
import { ServerListStatus } from '../resources/ServerListStatus.js';
import { CacheFreshness } from '../../components/CacheFreshness.js';
import { freshByHint } from '../../server-data/freshness.js';
import { filterItems } from '../resources/filter.js';
import { declaredArguments } from './prompt-arguments.js';
import { usePrompts } from '../../hooks.js';
import { VirtualList } from '../../components/VirtualList.js';

/** A prompt with a one-line description. */
const PROMPT_ITEM_HEIGHT = 52;

function argumentSummary(prompt: Prompt): string {
  const args = declaredArguments(prompt.arguments);
  if (args.length === 0) return 'no arguments';
  const required = args.filter((a) => a.required === true).length;
  return `${plural(args.length, 'argument')}${required > 0 ? ` (${required} required)` : ''}`;
}

export function PromptList({ list }: { list: ServerList<Prompt> }) {
  const filter = usePrompts((s) => s.filter);
  const selected = usePrompts((s) => s.selected);
  const setFilter = usePrompts((s) => s.setFilter);
  const select = usePrompts((s) => s.select);
  const all = list.items;
  const items = filterItems(all, filter, (p) => [p.name, p.title, p.description]);
  const fetching = list.query.isFetching && list.pages !== undefined;
  return (
    <section className="prompt-list" aria-label="Prompts">
      <div className="toolbar">
        <input type="search" aria-label="Filter prompts" placeholder="Filter prompts" value={filter} onChange={(e) => setFilter(e.target.value)} />
        <button type="button" className="small" disabled={list.unavailable !== undefined || list.query.isFetching} onClick={() => void list.query.refetch()}>
          {freshByHint(list.cache, list.query.isStale) ? 'Refresh anyway' : 'Refresh'}
        </button>
        <CacheFreshness hints={list.cache} stale={list.query.isStale} what="the prompt list" />
        {fetching && (
          <span className="hint" role="status">
            Refreshing…
          </span>
        )}
      </div>
      <ServerListStatus list={list} noun="prompts" />
      {list.unavailable === undefined && list.failure === undefined && list.pages !== undefined && all.length === 0 && (
        <p className="hint">The server lists no prompts.</p>
      )}
      {all.length > 0 && <p className="hint">{filter.trim() ? `${items.length} of ${all.length} prompts` : plural(all.length, 'prompt')}</p>}
      {all.length > 0 && items.length === 0 && <p className="hint">No prompt matches "{filter}".</p>}
      {items.length > 0 && (
        <VirtualList
          items={items}
          label="Prompts"
          className="prompt-items"
          listClassName="plain-list"
          estimateSize={PROMPT_ITEM_HEIGHT}
          itemKey={(p, i) => `${i}:${p.name}`}
          renderItem={(p) => (
            <button
              type="button"
              className="prompt-item"
              aria-pressed={p.name === selected}
              disabled={typeof p.name !== 'string'}
              onClick={() => select(p.name)}
            >
              <McpIcon icons={p.icons} /> <strong>{p.title ?? p.name ?? '(no name)'}</strong>
              {p.title !== undefined && p.title !== p.name && <span className="mono hint"> {p.name}</span>}
              <span className="prompt-item-detail hint">
                {p.description ? `${p.description} · ` : ''}
                {argumentSummary(p)}
              </span>
            </button>
          )}
          revealIndex={items.findIndex((p) => p.name === selected)}
        />
      )}
    </section>
  );
}
