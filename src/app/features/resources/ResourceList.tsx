// resources/list (every page): name or title, URI, mime type, size and
// description, with update and subscription marks and a Read button each.

import { useId } from 'react';
import { formatBytes, ownValue, type Resource } from '../../../protocol/index.js';
import { McpIcon } from '../../components/icons/McpIcon.js';
import { useServerList } from '../../server-data/queries.js';
import { ServerListStatus } from './ServerListStatus.js';
import { CacheFreshness } from '../../components/CacheFreshness.js';
import { UpdateBadge } from './UpdateBadge.js';
import { filterItems } from './filter.js';
import { useResources } from '../../hooks.js';
import { ContentAnnotations } from '../../components/content/ContentAnnotations.js';
import { VirtualList } from '../../components/VirtualList.js';

/** A resource with its URI and a line of details. */
const RESOURCE_ITEM_HEIGHT = 60;

function ResourceItem({ resource, shown }: { resource: Resource; shown: boolean }) {
  const read = useResources((s) => s.read);
  const mark = useResources((s) => ownValue(s.updates, resource.uri));
  const subscribed = useResources((s) => ownValue(s.subscriptions, resource.uri) === 'subscribed');
  const hasUri = typeof resource.uri === 'string' && resource.uri !== '';
  const details = [resource.mimeType, typeof resource.size === 'number' ? formatBytes(resource.size, { exact: true }) : undefined].filter(Boolean);
  return (
    <div className={shown ? 'resource-item shown' : 'resource-item'}>
      <div className="resource-item-main">
        <div className="resource-item-title">
          <McpIcon icons={resource.icons} />
          <strong>{resource.title ?? resource.name ?? '(no name)'}</strong>
          {resource.title !== undefined && resource.title !== resource.name && <span className="hint mono">{resource.name}</span>}
          {subscribed && <span className="badge">Subscribed</span>}
          <UpdateBadge mark={mark} />
        </div>
        <div className="mono resource-uri">{hasUri ? resource.uri : <span className="warning">This resource has no "uri".</span>}</div>
        {details.length > 0 && <div className="hint">{details.join(' · ')}</div>}
        {resource.description && <p className="hint">{resource.description}</p>}
        <ContentAnnotations annotations={resource.annotations} of={hasUri ? resource.uri : (resource.name ?? 'this resource')} />
      </div>
      <button
        type="button"
        className="small"
        disabled={!hasUri}
        aria-label={`Read ${hasUri ? resource.uri : resource.name}`}
        onClick={() => void read(resource.uri)}
      >
        Read
      </button>
    </div>
  );
}

export function ResourceList() {
  const list = useServerList<Resource>('resources');
  const filter = useResources((s) => s.filter);
  const shownUri = useResources((s) => s.shown);
  const all = list.items;
  const items = filterItems(all, filter, (r) => [r.name, r.title, r.uri, r.description, r.mimeType]);
  const headingId = useId();
  return (
    <section className="resource-section" aria-labelledby={headingId}>
      <h3 id={headingId}>
        Resources {all.length > 0 && <span className="hint">{filter.trim() ? `${items.length} of ${all.length}` : all.length}</span>}{' '}
        <CacheFreshness hints={list.cache} stale={list.query.isStale} what="the resource list" />
      </h3>
      <ServerListStatus list={list} noun="resources" />
      {list.unavailable === undefined && list.failure === undefined && list.pages !== undefined && all.length === 0 && (
        <p className="hint">The server lists no resources.</p>
      )}
      {all.length > 0 && items.length === 0 && <p className="hint">No resource matches "{filter}".</p>}
      {items.length > 0 && (
        <VirtualList
          items={items}
          label="Resources"
          className="resource-items"
          listClassName="plain-list"
          estimateSize={RESOURCE_ITEM_HEIGHT}
          itemKey={(r, i) => `${i}:${r.uri}`}
          renderItem={(r) => <ResourceItem resource={r} shown={r.uri === shownUri} />}
          revealIndex={items.findIndex((r) => r.uri === shownUri)}
        />
      )}
    </section>
  );
}
