// Subscribe / Unsubscribe for one URI, where the server declares
// resources.subscribe; otherwise a disabled button that says why.

import { useId } from 'react';
import { ownValue } from '../../../protocol/index.js';
import { useConnection, useListen, useResources } from '../../hooks.js';
import { speaksModern } from '../../connection/modern.js';
import { RequestProblemView } from './RequestProblemView.js';
import { describeProblem } from './request-problem.js';

function subscribeSupport(ready: boolean, capabilities: Record<string, unknown> | undefined): string | undefined {
  if (!ready) return 'Not connected: connect to a server first.';
  const resources = capabilities?.resources;
  const declared = typeof resources === 'object' && resources !== null && (resources as { subscribe?: unknown }).subscribe === true;
  return declared ? undefined : 'The server does not declare resources.subscribe, so it sends no updates for single resources.';
}

export function SubscriptionControls({ uri }: { uri: string }) {
  const modern = useConnection((s) => speaksModern(s.snapshot));
  if (modern) return <ListenHint uri={uri} />;
  return <Subscribe uri={uri} />;
}

/** 2026-07-28 has no resources/subscribe: updates come on the listen stream. */
function ListenHint({ uri }: { uri: string }) {
  const listened = useResources((s) => s.listened.includes(uri));
  const choice = useListen((s) => s.choice);
  const setChoice = useListen((s) => s.setChoice);
  const open = useListen((s) => s.status !== 'idle');
  const chosen = choice.uris.split('\n').some((u) => u.trim() === uri);
  return (
    <div className="subscription toolbar">
      {!chosen && (
        <button type="button" className="small" disabled={open} onClick={() => setChoice({ uris: `${choice.uris.trim()}\n${uri}`.trim() })}>
          Add to Listen for changes
        </button>
      )}
      <span className="hint">
        {listened
          ? 'On the listen stream: each update is read again automatically.'
          : '2026-07-28 has no resources/subscribe: updates of this resource come on the subscriptions/listen stream (Listen for changes).'}
        {!chosen && open ? ' Stop listening to change what the stream covers.' : ''}
      </span>
    </div>
  );
}

function Subscribe({ uri }: { uri: string }) {
  const ready = useConnection((s) => s.snapshot?.status === 'ready');
  const capabilities = useConnection((s) => s.snapshot?.info?.capabilities);
  const status = useResources((s) => ownValue(s.subscriptions, uri));
  const problem = useResources((s) => ownValue(s.subscriptionProblems, uri));
  const setSubscribed = useResources((s) => s.setSubscribed);
  const reasonId = useId();
  const unsupported = subscribeSupport(ready, capabilities);
  const subscribed = status === 'subscribed' || status === 'unsubscribing';

  return (
    <div className="subscription">
      <div className="toolbar">
        {subscribed ? (
          <button type="button" className="small" disabled={status === 'unsubscribing'} onClick={() => void setSubscribed(uri, false)}>
            Unsubscribe
          </button>
        ) : (
          <button
            type="button"
            className="small"
            disabled={unsupported !== undefined || status === 'subscribing'}
            aria-describedby={unsupported ? reasonId : undefined}
            onClick={() => void setSubscribed(uri, true)}
          >
            Subscribe
          </button>
        )}
        <span className="hint" id={reasonId} aria-live="polite">
          {unsupported ??
            (status === 'subscribing'
              ? 'Subscribing…'
              : status === 'unsubscribing'
                ? 'Unsubscribing…'
                : status === 'subscribed'
                  ? 'Subscribed: each update is read again automatically.'
                  : 'Not subscribed.')}
        </span>
      </div>
      {problem && (
        <RequestProblemView
          prefix={problem.action === 'subscribe' ? 'Subscribe failed: ' : 'Unsubscribe failed: '}
          problem={describeProblem(problem.outcome, `resources/${problem.action}`, uri) ?? { title: '', detail: '' }}
        />
      )}
    </div>
  );
}
