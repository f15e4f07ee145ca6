import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AuthFlowView } from '../../../protocol/index.js';
import { AppProvider } from '../../app-context.js';
import type { ConnectionSnapshot } from '../../connection/snapshot.js';
import { createTestApp, inView } from '../../test-app.js';
import { AuthStatus } from '../connect/AuthStatus.js';
import { AuthorizationTab } from './AuthorizationTab.js';
import { authorizedFlow, failedFlow, guidedFlow, refreshFlow, stepUpFlow, waitingFlow } from './flow-fixtures.js';

const http: ConnectionSnapshot = {
  connection: 1,
  status: 'initializing',
  sessionState: 'initializing',
  offeredVersion: '2025-11-25',
  versionChoice: '2025-11-25',
  transport: { kind: 'http', url: 'http://127.0.0.1:3011/mcp', headers: {}, mode: 'auto', auth: { mode: 'guided' } },
};

/** renderToString reads zustand stores through their initial state: make it the current one. */
function render(component: () => ReturnType<typeof createElement>, snapshot: ConnectionSnapshot | null, ...flows: AuthFlowView[]): string {
  const { app } = createTestApp();
  inView(app).connectionStore.setState({ snapshot });
  for (const f of flows) inView(app).authFlows.receive(f, snapshot?.connection ?? 1);
  for (const store of [inView(app).connectionStore, inView(app).authFlows.store])
    (store as { getInitialState: () => unknown }).getInitialState = store.getState;
  return renderToString(createElement(AppProvider, { app, children: component() }));
}
const tab = (snapshot: ConnectionSnapshot | null, ...flows: AuthFlowView[]) => render(() => createElement(AuthorizationTab), snapshot, ...flows);

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('the Authorization tab', () => {
  it('says what happens when there is no flow yet, per transport and setting', () => {
    expect(text(tab(null))).toContain('Not connected. Connect to a server over HTTP');
    expect(text(tab({ ...http, transport: { kind: 'stdio', command: 'node', args: [], env: {} } }))).toContain('This connection uses stdio');
    expect(text(tab(http))).toContain('No authorization so far: the server has not refused a request. On a 401 the guided flow starts here.');
    expect(text(tab({ ...http, transport: { kind: 'http', url: 'http://x/mcp', headers: {}, mode: 'auto' } }))).toContain('OAuth is off for this connection');
  });

  it('shows a guided flow paused before a step: numbered steps with their state, Next step enabled', () => {
    const html = tab(http, guidedFlow('authorization-server-metadata', 'ready'));
    const shown = text(html);
    expect(shown).toContain('Guided authorization for http://127.0.0.1:3011/mcp : the server answered 401 Unauthorized.');
    expect(shown).toContain('Authorization paused before step 3 of 8 (Authorization server metadata)');
    expect(html).toContain('aria-label="Step 1: The server refused the request, done"');
    expect(html).toContain('aria-label="Step 2: Protected resource metadata, done"');
    expect(html).toContain('aria-label="Step 3: Authorization server metadata, next"');
    expect(html).toContain('aria-label="Step 4: Client registration, pending"');
    // What was learnt, the finding with its rule and spec link, and the exchange folded under the step.
    expect(shown).toContain('authorization_servers http://127.0.0.1:3012');
    expect(shown).toContain('AUTH-PRM-RESOURCE Protected resource metadata names resource');
    expect(html).toContain('href="https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization#canonical-server-uri"');
    expect(shown).toContain('GET http://127.0.0.1:3011/.well-known/oauth-protected-resource/mcp → 200');
    expect(html).toMatch(/<button type="button" class="primary">Next step<\/button>/);
    expect(shown).toContain('Run all');
    expect(shown).toContain('Cancel');
  });

  it('while a step runs, Next step waits', () => {
    expect(tab(http, guidedFlow('registration', 'running'))).toMatch(/<button type="button" class="primary" disabled="">Next step<\/button>/);
  });

  it('when the person must approve: a prominent Open authorization page button and the URL as a link', () => {
    const html = tab(http, waitingFlow('guided'));
    expect(text(html)).toContain('Open the authorization page in a new tab and approve there.');
    expect(html).toContain('Open authorization page</button>');
    expect(html).toMatch(/<a href="http:\/\/127\.0\.0\.1:3012\/authorize\?response_type=code&amp;[^"]+" target="_blank" rel="noopener noreferrer">/);
    expect(text(tab(http, waitingFlow('quick')))).toContain(
      'mcpscope tried to open the authorization page in a new tab. If the browser blocked it, open it here.',
    );
  });

  it('once authorized: says so and that the connection continues; no controls left', () => {
    const shown = text(tab(http, authorizedFlow()));
    expect(shown).toContain('Authorized by http://127.0.0.1:3012 (scope mcp:tools): the connection continues by itself.');
    expect(shown).not.toContain('Next step');
    expect(shown).not.toContain('Open authorization page');
  });

  it('a failed flow names the step and what to do', () => {
    const shown = text(tab(http, failedFlow()));
    expect(shown).toContain(
      'Authorization failed at step 7 (Token request): the token endpoint answered HTTP 500 "server_error". Check the authorization server, then connect again.',
    );
    expect(shown).toContain('POST http://127.0.0.1:3012/token → 500');
  });

  it('a step-up says which attempt and the scope asked for, and keeps the first flow below', () => {
    const shown = text(tab(http, authorizedFlow(), { ...stepUpFlow(), maxAttempts: 3 }));
    expect(shown).toContain(
      'Step-up: the server refused the token as insufficient (403 insufficient_scope) and asked for scope mcp:tools mcp:admin. Attempt 2 of 3 for this request.',
    );
    expect(shown).toContain('Earlier on this connection');
    expect(shown).toContain('Authorization: Authorized by http://127.0.0.1:3012');
  });

  it('a first step-up, and a new authorization after a refused retry, say so; a first authorization says nothing', async () => {
    const { attemptLine } = await import('../../connection/auth-flow-text.js');
    expect(attemptLine({ ...stepUpFlow(), attempt: 1 })).toBe(
      'Step-up: the server refused the token as insufficient (403 insufficient_scope) and asked for scope mcp:tools mcp:admin.',
    );
    expect(attemptLine({ ...guidedFlow('authorization', 'waiting'), attempt: 2 })).toBe('A new authorization for scope mcp:tools. Attempt 2 for this request.');
    expect(attemptLine(guidedFlow('authorization', 'waiting'))).toBeUndefined();
  });

  it('a refresh shows the skipped steps and why', () => {
    const html = tab(http, refreshFlow());
    expect(html).toContain('aria-label="Step 5: Authorization in the browser, skipped"');
    expect(text(html)).toContain('Not needed: the stored refresh token was used.');
    expect(text(html)).toContain('the access token expired');
  });

  it('ignores a flow of an earlier connection', () => {
    const { app } = createTestApp();
    inView(app).authFlows.receive(failedFlow(), 1);
    inView(app).connectionStore.setState({ snapshot: { ...http, connection: 2 } });
    for (const store of [inView(app).connectionStore, inView(app).authFlows.store])
      (store as { getInitialState: () => unknown }).getInitialState = store.getState;
    const shown = text(renderToString(createElement(AppProvider, { app, children: createElement(AuthorizationTab) })));
    expect(shown).not.toContain('failed');
  });
});

describe('the connection status during authorization', () => {
  const status = (...flows: AuthFlowView[]) => text(render(() => createElement(AuthStatus), http, ...flows));
  it('says where the flow is, or how it failed (naming the step)', () => {
    expect(status()).toBe('');
    expect(status(guidedFlow('registration', 'running'))).toContain('Authorizing: step 4 of 8 (Client registration)…');
    expect(status(waitingFlow())).toContain('Waiting for you to approve in the authorization page');
    const failed = status(failedFlow());
    expect(failed).toContain('Authorization failed');
    expect(failed).toContain('Authorization failed at step 7 (Token request):');
    expect(failed).toContain('Show the Authorization tab');
  });
});

describe('the failure sentence', () => {
  it('names the step once, whatever lead the engine gave its error', async () => {
    const { flowSentence } = await import('../../connection/auth-flow-text.js');
    const flow = failedFlow();
    const withLead = (error: string) => ({ ...flow, steps: flow.steps.map((s) => (s.id === 'token' ? { ...s, error } : s)) });
    expect(flowSentence(withLead('OAuth step 7 (Token request) failed: HTTP 500 (rule AUTH-TOKEN).'))).toBe(
      'Authorization failed at step 7 (Token request): HTTP 500 (rule AUTH-TOKEN).',
    );
    expect(flowSentence(withLead('The token endpoint said: step 3 of the plan (x): no.'))).toBe(
      'Authorization failed at step 7 (Token request): The token endpoint said: step 3 of the plan (x): no.',
    );
  });
});

describe('a flow that ended mid-step', () => {
  it('shows the step it stopped in as stopped, not running', () => {
    const flow = failedFlow();
    const stuck = { ...flow, steps: flow.steps.map((s) => (s.id === 'callback' ? { ...s, state: 'running' as const } : s)) };
    const html = tab(http, stuck);
    expect(html).toContain('aria-label="Step 6: The callback, stopped"');
    expect(html).toContain('aria-label="Step 7: Token request, failed"');
  });
});
