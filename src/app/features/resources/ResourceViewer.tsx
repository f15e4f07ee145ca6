// The resource being shown: its latest read (contents or what went wrong),
// subscription, updates, and the raw exchange one click away.

import { formatClock, ownValue } from '../../../protocol/index.js';
import { RawExchange } from '../../components/RawExchange.js';
import { RoundsNote } from '../../components/RoundsNote.js';
import { CacheFreshness } from '../../components/CacheFreshness.js';
import { freshByHint } from '../../server-data/freshness.js';
import { useResources } from '../../hooks.js';
import { useResourceRead } from '../../server-data/queries.js';
import { latestRead, readCacheHints, type ServerRead } from '../../server-data/reads.js';
import { RequestProblemView } from './RequestProblemView.js';
import { ResourceContentsView } from './ResourceContentsView.js';
import { SubscriptionControls } from './SubscriptionControls.js';
import { UpdateBadge } from './UpdateBadge.js';
import { describeProblem } from './request-problem.js';
import { isStale } from './updated-marks.js';

function ReadOutcome({ uri, read }: { uri: string; read: ServerRead }) {
  const { outcome } = read;
  const problem = describeProblem(outcome, 'resources/read', uri);
  return (
    <>
      <RoundsNote rounds={read.rounds} outcome={outcome} />
      {problem ? <RequestProblemView problem={problem} /> : outcome.status === 'result' && <ResourceContentsView result={outcome.result} />}
      <RawExchange outcome={outcome} />
    </>
  );
}

function UpdateNotice({ uri, readAt }: { uri: string; readAt: number | undefined }) {
  const mark = useResources((s) => ownValue(s.updates, uri));
  const subscribed = useResources((s) => ownValue(s.subscriptions, uri) === 'subscribed');
  const read = useResources((s) => s.read);
  if (!mark) return null;
  const stale = !subscribed && isStale({ [uri]: mark }, uri, readAt);
  return (
    <div className="update-notice">
      <UpdateBadge mark={mark} />
      <span className="hint">Last update announced at {formatClock(mark.lastAt)}.</span>
      {stale && (
        <span className="warning">
          These contents may be out of date.{' '}
          <button type="button" className="small" onClick={() => void read(uri, { anyway: true })}>
            Read again
          </button>
        </span>
      )}
      {mark.unsolicited && <span className="hint">The server sent an update for this URI without a subscription from mcpscope.</span>}
    </div>
  );
}

function ShownResource({ uri }: { uri: string }) {
  const query = useResourceRead(uri);
  const read = useResources((s) => s.read);
  const last = latestRead(query);
  const loading = query.isFetching;
  // The hints of the read shown; a failed read has none, so its Re-read is never "anyway".
  const cache = readCacheHints(last);
  // Not a failed request but a fault of our own: say so rather than show nothing.
  const fault = query.isError && last === undefined ? query.error.message : undefined;
  return (
    <section className="resource-viewer" aria-label="Resource contents">
      <header className="viewer-head">
        <h3 className="mono">{uri}</h3>
        <div className="toolbar">
          <button type="button" className="small" disabled={loading} onClick={() => void read(uri, { anyway: true })}>
            {freshByHint(cache, query.isStale) ? 'Re-read anyway' : 'Re-read'}
          </button>
          <span className="hint" aria-live="polite">
            {loading ? 'Reading…' : last ? `Read at ${formatClock(last.finishedAt)}` : ''}
          </span>
          {!loading && <CacheFreshness hints={cache} stale={query.isStale} what="this read" />}
        </div>
        <SubscriptionControls uri={uri} />
        <UpdateNotice uri={uri} readAt={last?.startedAt} />
      </header>
      {last && <ReadOutcome uri={uri} read={last} />}
      {fault && (
        <p role="alert" className="warning">
          The read failed inside mcpscope: {fault} Press Re-read to try again.
        </p>
      )}
    </section>
  );
}

export function ResourceViewer() {
  const uri = useResources((s) => s.shown);
  if (uri === undefined) {
    return (
      <section className="resource-viewer empty" aria-label="Resource contents">
        <p className="hint">Read a resource from the list, fill in a template, or enter a URI to see its contents here.</p>
      </section>
    );
  }
  return <ShownResource key={uri} uri={uri} />;
}
