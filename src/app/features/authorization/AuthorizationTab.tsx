// The Authorization tab: the OAuth flow of the current HTTP
// connection as numbered steps, driven by Next step / Run all / Cancel, the
// authorization page to open, and the proxy's stored credentials.

import { useState } from 'react';
import { useStore } from 'zustand';
import type { AuthFlowAction, AuthFlowView } from '../../../protocol/index.js';
import { useApp } from '../../app-context.js';
import { attemptLine, flowSentence } from '../../connection/auth-flow-text.js';
import { useConnection, useConnectionScope } from '../../hooks.js';
import { FlowSteps } from './FlowSteps.js';
import { StoredCredentials } from './StoredCredentials.js';
import './authorization.css';

const REASON: Record<AuthFlowView['reason'], string> = {
  unauthorized: 'the server answered 401 Unauthorized',
  'insufficient-scope': 'the server answered 403 insufficient_scope',
  expired: 'the access token expired',
  manual: 'you asked for it',
};

const OPEN = new Set<AuthFlowView['state']>(['running', 'paused', 'waiting-for-user']);

function Controls({ flow, closed }: { flow: AuthFlowView; closed: boolean }) {
  const { controller } = useConnectionScope();
  const [problem, setProblem] = useState<string>();
  if (!OPEN.has(flow.state)) return null;
  const send = (action: AuthFlowAction) => {
    setProblem(controller.authAction(flow.flowId, action) ? undefined : 'The connection has ended, so the flow cannot go on: connect again to start over.');
  };
  const guided = flow.mode === 'guided';
  return (
    <div className="auth-controls">
      <div className="button-row">
        {guided && (
          <button type="button" className="primary" onClick={() => send('next')} disabled={closed || flow.state !== 'paused'}>
            Next step
          </button>
        )}
        {guided && (
          <button type="button" onClick={() => send('run-all')} disabled={closed}>
            Run all
          </button>
        )}
        <button type="button" onClick={() => send('cancel')} disabled={closed}>
          Cancel
        </button>
      </div>
      {problem !== undefined && (
        <p className="failure-text" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

function AuthorizationPage({ flow }: { flow: AuthFlowView }) {
  const url = flow.authorizationUrl;
  if (url === undefined || flow.state !== 'waiting-for-user') return null;
  return (
    <div className="auth-open" role="region" aria-label="Authorization page">
      <p>
        {flow.mode === 'quick'
          ? 'mcpscope tried to open the authorization page in a new tab. If the browser blocked it, open it here.'
          : 'Open the authorization page in a new tab and approve there.'}{' '}
        The authorization server sends the browser back to the proxy, and the connection continues by itself.
      </p>
      {/* A click is a user gesture: popup blockers let it open. noopener: the other page gets no handle on this one. */}
      <button type="button" className="primary large" onClick={() => window.open(url, '_blank', 'noopener')}>
        Open authorization page
      </button>
      <p className="mono auth-url">
        <a href={url} target="_blank" rel="noopener noreferrer">
          {url}
        </a>
      </p>
    </div>
  );
}

function FlowView({ flow, closed }: { flow: AuthFlowView; closed: boolean }) {
  const attempt = attemptLine(flow);
  return (
    <section className={`auth-flow flow-${flow.state}`} aria-label="Authorization flow">
      <p className="auth-flow-head">
        <strong>{flow.mode === 'guided' ? 'Guided' : 'Quick'} authorization</strong> for <span className="mono">{flow.serverUrl}</span>: {REASON[flow.reason]}.
        {flow.issuer !== undefined && (
          <>
            {' '}
            Authorization server <span className="mono">{flow.issuer}</span>.
          </>
        )}
      </p>
      {attempt !== undefined && <p className="auth-attempt">{attempt}</p>}
      <p className={`auth-flow-state ${flow.state === 'failed' ? 'failure-text' : flow.state === 'authorized' ? 'ok-text' : ''}`} role="status">
        {flowSentence(flow)}
      </p>
      {/* While it runs, the sentence above says it all; once ended, the engine's own words may add the detail. */}
      {flow.message !== undefined && (flow.state === 'authorized' || flow.state === 'cancelled') && <p className="hint">{flow.message}</p>}
      <Controls flow={flow} closed={closed} />
      <AuthorizationPage flow={flow} />
      <FlowSteps steps={flow.steps} ended={!OPEN.has(flow.state)} />
    </section>
  );
}

export function AuthorizationTab() {
  const { token } = useApp();
  const { authFlows } = useConnectionScope();
  const snapshot = useConnection((s) => s.snapshot);
  const state = useStore(authFlows.store);
  const mine = snapshot !== null && state.connection === snapshot.connection;
  const flow = mine ? state.flow : undefined;
  const earlier = mine ? state.earlier : [];
  const auth = snapshot?.transport.kind === 'http' ? snapshot.transport.auth : undefined;
  return (
    <div className="authorization-tab">
      {snapshot === null && <p className="hint">Not connected. Connect to a server over HTTP: when it answers 401, its OAuth flow shows here step by step.</p>}
      {snapshot !== null && snapshot.transport.kind !== 'http' && <p className="hint">This connection uses stdio: OAuth is for servers reached over HTTP.</p>}
      {snapshot?.transport.kind === 'http' && flow === undefined && (
        <p className="hint">
          {auth === undefined
            ? 'OAuth is off for this connection (chosen in the form, or an Authorization header was typed): a 401 stays a 401.'
            : `No authorization so far: the server has not refused a request. On a 401 the ${auth.mode === 'guided' ? 'guided' : 'quick'} flow starts here.`}
        </p>
      )}
      {flow !== undefined && <FlowView flow={flow} closed={snapshot?.status === 'closed'} />}
      {earlier.length > 0 && (
        <section aria-label="Earlier authorizations">
          <h3>Earlier on this connection</h3>
          {[...earlier].reverse().map((f) => (
            <details key={f.flowId} className="auth-earlier">
              <summary>
                {f.attempt > 1 ? `Step-up ${f.attempt}` : 'Authorization'}: {flowSentence(f)}
              </summary>
              <FlowSteps steps={f.steps} ended={!OPEN.has(f.state)} />
            </details>
          ))}
        </section>
      )}
      {token !== null && <StoredCredentials token={token} />}
    </div>
  );
}
