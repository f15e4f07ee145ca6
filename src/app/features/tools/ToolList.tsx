// Every tool the server lists (all pages), with a filter, a count, and the
// loading / error / unavailable states.

import { useId } from 'react';
import { ListFailed, plural, type Tool } from '../../../protocol/index.js';
import type { ServerList } from '../../server-data/queries.js';
import { useConnection, useTools } from '../../hooks.js';
import { McpIcon } from '../../components/icons/McpIcon.js';
import { CacheFreshness } from '../../components/CacheFreshness.js';
import { freshByHint } from '../../server-data/freshness.js';
import { AnnotationBadges } from './ToolBadges.js';
import { ProviderVerdictLine } from './ProviderVerdicts.js';
import { displayTitle, filterTools } from './tool-list.js';
import { toolExclusion } from './availability.js';
import { VirtualList } from '../../components/VirtualList.js';

/** A tool with a one-line description and a badge or two. */
const TOOL_ITEM_HEIGHT = 48;

function ToolItem({ tool, selected, excluded }: { tool: Tool; selected: boolean; excluded: string | undefined }) {
  const select = useTools((s) => s.select);
  const describedBy = useId();
  const title = displayTitle(tool);
  return (
    <div className={`tool-item${selected ? ' selected' : ''}${excluded !== undefined ? ' excluded' : ''}`} onClick={() => select(tool.name)}>
      <button type="button" className="tool-select" aria-pressed={selected} aria-label={tool.name} aria-describedby={describedBy}>
        <McpIcon icons={tool.icons} />
        <span className="tool-name">{tool.name}</span>
      </button>
      <div id={describedBy} className="tool-item-details">
        {title && <span className="tool-title">{title}</span>}
        {tool.description && <span className="tool-description">{tool.description}</span>}
        <AnnotationBadges tool={tool} />
        <ProviderVerdictLine tool={tool} />
        {excluded !== undefined && (
          <span className="tool-excluded" title={excluded}>
            excluded: invalid x-mcp-header
          </span>
        )}
      </div>
    </div>
  );
}

export function ToolList({ list }: { list: ServerList<Tool> }) {
  const setFilter = useTools((s) => s.setFilter);
  const filter = useTools((s) => s.filter);
  const selected = useTools((s) => s.selected);
  const snapshot = useConnection((s) => s.snapshot);
  const filterId = useId();
  const { unavailable, query, items: tools, pages, failure } = list;
  const shown = filterTools(tools, filter);
  const listed = pages !== undefined;
  const fresh = freshByHint(list.cache, query.isStale);

  return (
    <section className="tool-list-panel" aria-label="Tool list">
      <div className="tool-list-head">
        <h3>Tools</h3>
        <span className="hint" aria-live="polite">
          {listed && (shown.length === tools.length ? plural(tools.length, 'tool') : `${shown.length} of ${plural(tools.length, 'tool')}`)}
          {listed && pages > 1 && ` · ${pages} pages`}
        </span>
        <button type="button" className="small" disabled={unavailable !== undefined || query.isFetching} onClick={() => void query.refetch()}>
          {query.isFetching && listed ? 'Refreshing…' : fresh ? 'Refresh anyway' : 'Refresh'}
        </button>
      </div>
      <CacheFreshness hints={list.cache} stale={query.isStale} what="the tool list" />
      <div className="field">
        <label htmlFor={filterId}>Filter tools</label>
        <input id={filterId} type="search" value={filter} placeholder="name, title or description" onChange={(e) => setFilter(e.target.value)} />
      </div>
      {unavailable !== undefined && <p className="hint">{unavailable}</p>}
      {unavailable === undefined && query.isPending && <p className="hint">Loading tools… (tools/list, following nextCursor across pages)</p>}
      {unavailable === undefined && failure && (
        <div className="list-failure" role="alert">
          {/* A ListFailed names tools/list and the page; any other failure (not connected) needs the context. */}
          <p>{failure instanceof ListFailed ? failure.message : `Could not list the tools: ${failure.message}`}</p>
          {tools.length > 0 && <p className="hint">The {plural(tools.length, 'tool')} that arrived before the failure are listed below.</p>}
          <button type="button" className="small" onClick={() => void query.refetch()}>
            Retry
          </button>
        </div>
      )}
      {listed && tools.length === 0 && !failure && <p className="hint">The server lists no tools.</p>}
      {tools.length > 0 && shown.length === 0 && <p className="hint">No tool matches “{filter}”.</p>}
      {shown.length > 0 && (
        <VirtualList
          items={shown}
          label="Tools"
          className="tool-list"
          listClassName="plain-list"
          estimateSize={TOOL_ITEM_HEIGHT}
          // A server may list a name twice (a bug worth seeing): the index keeps keys unique.
          itemKey={(tool, i) => `${i}:${tool.name}`}
          renderItem={(tool) => <ToolItem tool={tool} selected={tool.name === selected} excluded={toolExclusion(tool, snapshot)} />}
          revealIndex={shown.findIndex((tool) => tool.name === selected)}
        />
      )}
    </section>
  );
}
