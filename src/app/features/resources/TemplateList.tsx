// resources/templates/list: one form per template.

import { useId } from 'react';
import type { ResourceTemplate } from '../../../protocol/index.js';
import { useServerList } from '../../server-data/queries.js';
import { ServerListStatus } from './ServerListStatus.js';
import { CacheFreshness } from '../../components/CacheFreshness.js';
import { TemplateForm } from './TemplateForm.js';
import { filterItems } from './filter.js';
import { useResources } from '../../hooks.js';

export function TemplateList() {
  const list = useServerList<ResourceTemplate>('resourceTemplates');
  const filter = useResources((s) => s.filter);
  const all = list.items;
  const items = filterItems(all, filter, (t) => [t.name, t.title, t.uriTemplate, t.description]);
  const headingId = useId();
  // The resources list already says why nothing is listed when unavailable.
  if (list.unavailable !== undefined) return null;
  return (
    <section className="resource-section" aria-labelledby={headingId}>
      <h3 id={headingId}>
        Templates {all.length > 0 && <span className="hint">{filter.trim() ? `${items.length} of ${all.length}` : all.length}</span>}{' '}
        <CacheFreshness hints={list.cache} stale={list.query.isStale} what="the template list" />
      </h3>
      <ServerListStatus list={list} noun="resource templates" />
      {list.failure === undefined && list.pages !== undefined && all.length === 0 && <p className="hint">The server lists no resource templates.</p>}
      {all.length > 0 && items.length === 0 && <p className="hint">No template matches "{filter}".</p>}
      {items.map((t, i) => (
        <TemplateForm key={`${i}:${t.uriTemplate}`} template={t} />
      ))}
    </section>
  );
}
