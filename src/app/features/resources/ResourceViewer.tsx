// The resource being shown: its latest read (contents or what went wrong),
// subscription, updates, and the raw exchange one click away.

import { formatClock } from '../../../protocol/index.js';
import { RawExchange } from '../../components/RawExchange.js';
import { RequestProblemView } from './RequestProblemView.js';
import { ResourceContentsView } from './ResourceContentsView.js';
import { SubscriptionControls } from './SubscriptionControls.js';
import { UpdateBadge } from './UpdateBadge.js';
import { describeProblem } from './request-problem.js';
import { readResource } from './resource-reader.js';
import type { ReadRecord } from './resources-store.js';
import { readerDeps, useResources } from './state.js';
import { isStale } from './updated-marks.js';

function ReadOutcome({ record }: { record: ReadRecord }) {
  const { outcome } = record;
  const problem = describeProblem(outcome, 'resources/read', record.uri);
  return (
    <>
      {problem ? <RequestProblemView problem={problem} /> : outcome.status === 'result' && <ResourceContentsView result={outcome.result} />}
      <RawExchange outcome={outcome} />
    </>
  );
}

function UpdateNotice({ uri, readAt }: { uri: string; readAt: number | undefined }) {
  const mark = useResources((s) => s.updates[uri]);
  const subscribed = useResources((s) => s.subscriptions[uri] === 'subscribed');
  if (!mark) return null;
  const stale = !subscribed && isStale({ [uri]: mark }, uri, readAt);
  return (
    <div className="update-notice">
      <UpdateBadge mark={mark} />
      <span className="hint">Last update announced at {formatClock(mark.lastAt)}.</span>
      {stale && (
        <span className="warning">
          These contents may be out of date.{' '}
          <button type="button" className="small" onClick={() => void readResource(readerDeps, uri)}>
            Read again
          </button>
        </span>
      )}
      {mark.unsolicited && <span className="hint">The server sent an update for this URI without a subscription from mcpscope.</span>}
    </div>
  );
}

export function ResourceViewer() {
  const view = useResources((s) => s.view);
  if (!view) {
    return (
      <section className="resource-viewer empty" aria-label="Resource contents">
        <p className="hint">Read a resource from the list, fill in a template, or enter a URI to see its contents here.</p>
      </section>
    );
  }
  const { uri, last, loading } = view;
  return (
    <section className="resource-viewer" aria-label="Resource contents">
      <header className="viewer-head">
        <h3 className="mono">{uri}</h3>
        <div className="toolbar">
          <button type="button" className="small" disabled={loading} onClick={() => void readResource(readerDeps, uri)}>
            Re-read
          </button>
          <span className="hint" aria-live="polite">
            {loading ? 'Reading…' : last ? `Read at ${formatClock(last.finishedAt)}` : ''}
          </span>
        </div>
        <SubscriptionControls uri={uri} />
        <UpdateNotice uri={uri} readAt={last?.startedAt} />
      </header>
      {last && <ReadOutcome record={last} />}
    </section>
  );
}
