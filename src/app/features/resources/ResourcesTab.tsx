// Resources: list, templates and any URI on the left; what was read on the right.

import type { Resource, ResourceTemplate } from '../../../protocol/index.js';
import { useServerList } from '../../server-data/queries.js';
import { ReadByUri } from './ReadByUri.js';
import { ResourceList } from './ResourceList.js';
import { ResourceViewer } from './ResourceViewer.js';
import { TemplateList } from './TemplateList.js';
import { useConnection, useResources } from '../../hooks.js';
import { speaksModern } from '../../connection/modern.js';
import { ListenControls } from './ListenControls.js';
import { freshByHint } from '../../server-data/freshness.js';
import './resources.css';

function ResourcesToolbar() {
  const filter = useResources((s) => s.filter);
  const setFilter = useResources((s) => s.setFilter);
  const resources = useServerList<Resource>('resources');
  const templates = useServerList<ResourceTemplate>('resourceTemplates');
  const fetching = resources.query.isFetching || templates.query.isFetching;
  // The lists say "Loading…" themselves the first time.
  const refreshing = fetching && resources.pages !== undefined;
  const fresh = freshByHint(resources.cache, resources.query.isStale) || freshByHint(templates.cache, templates.query.isStale);
  return (
    <div className="toolbar resources-toolbar">
      <input
        type="search"
        aria-label="Filter resources"
        placeholder="Filter resources and templates"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      <button
        type="button"
        className="small"
        disabled={resources.unavailable !== undefined || fetching}
        onClick={() => {
          void resources.query.refetch();
          void templates.query.refetch();
        }}
      >
        {fresh ? 'Refresh anyway' : 'Refresh'}
      </button>
      {refreshing && (
        <span className="hint" role="status">
          Refreshing…
        </span>
      )}
    </div>
  );
}

export function ResourcesTab() {
  const modern = useConnection((s) => speaksModern(s.snapshot));
  return (
    <div className="resources-tab">
      <div className="resources-browse">
        <ResourcesToolbar />
        {modern && <ListenControls />}
        <ResourceList />
        <TemplateList />
        <ReadByUri />
      </div>
      <ResourceViewer />
    </div>
  );
}
