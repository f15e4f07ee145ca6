// Realistic AuthFlowView snapshots for the page's tests: a guided flow paused
// at each step, one waiting for the person, an authorized one, a failed one,
// a step-up and a refresh. Shaped like what the proxy sends (masked values).

import { AUTH_STEP_IDS, type AuthFlowView, type AuthStepId, type AuthStepState, type AuthStepView, type Finding } from '../../../protocol/index.js';

const SERVER = 'http://127.0.0.1:3011/mcp';
const ISSUER = 'http://127.0.0.1:3012';
const AUTHORIZE =
  'http://127.0.0.1:3012/authorize?response_type=code&client_id=dyn-7f3a&redirect_uri=http%3A%2F%2F127.0.0.1%3A5261%2Foauth%2Fcallback&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256&state=st-41&resource=http%3A%2F%2F127.0.0.1%3A3011%2Fmcp&scope=mcp%3Atools';

const TITLES: Record<AuthStepId, string> = {
  challenge: 'The server refused the request',
  'resource-metadata': 'Protected resource metadata',
  'authorization-server-metadata': 'Authorization server metadata',
  registration: 'Client registration',
  authorization: 'Authorization in the browser',
  callback: 'The callback',
  token: 'Token request',
  retry: 'The request, sent again',
};

const DONE: Record<AuthStepId, Pick<AuthStepView, 'summary' | 'learnt' | 'exchanges'>> = {
  challenge: {
    summary: 'initialize got 401 with a Bearer challenge naming resource_metadata.',
    learnt: [['resource_metadata', `${ISSUER.replace('3012', '3011')}/.well-known/oauth-protected-resource/mcp`]],
    exchanges: [
      {
        method: 'POST',
        url: SERVER,
        status: 401,
        requestHeaders: [['content-type', 'application/json']],
        requestBody: '{"jsonrpc":"2.0","id":0,"method":"initialize"}',
        responseHeaders: [['www-authenticate', 'Bearer resource_metadata="http://127.0.0.1:3011/.well-known/oauth-protected-resource/mcp", scope="mcp:tools"']],
        responseBody: '',
        startedAt: 1_764_596_000_000,
        durationMs: 4,
      },
    ],
  },
  'resource-metadata': {
    summary: 'The resource names one authorization server.',
    learnt: [
      ['resource', SERVER],
      ['authorization_servers', ISSUER],
      ['scopes_supported', 'mcp:tools mcp:admin'],
    ],
    exchanges: [
      {
        method: 'GET',
        url: 'http://127.0.0.1:3011/.well-known/oauth-protected-resource/mcp',
        status: 200,
        contentType: 'application/json',
        responseBody: `{"resource":"${SERVER}","authorization_servers":["${ISSUER}"]}`,
        startedAt: 1_764_596_000_010,
        durationMs: 3,
      },
    ],
  },
  'authorization-server-metadata': {
    summary: 'RFC 8414 metadata, issuer matches, PKCE S256 advertised.',
    learnt: [
      ['issuer', ISSUER],
      ['token_endpoint', `${ISSUER}/token`],
      ['code_challenge_methods_supported', 'S256'],
    ],
    exchanges: [
      {
        method: 'GET',
        url: `${ISSUER}/.well-known/oauth-authorization-server`,
        status: 200,
        contentType: 'application/json',
        responseBody: `{"issuer":"${ISSUER}","authorization_endpoint":"${ISSUER}/authorize","token_endpoint":"${ISSUER}/token"}`,
        startedAt: 1_764_596_000_020,
        durationMs: 2,
      },
    ],
  },
  registration: {
    summary: 'Registered dynamically (application_type native).',
    learnt: [['client_id', 'dyn-7f3a']],
    exchanges: [
      {
        method: 'POST',
        url: `${ISSUER}/register`,
        status: 201,
        requestBody: '{"redirect_uris":["http://127.0.0.1:5261/oauth/callback"],"application_type":"native"}',
        responseBody: '{"client_id":"dyn-7f3a","client_secret":"…(masked)"}',
        startedAt: 1_764_596_000_030,
        durationMs: 6,
      },
    ],
  },
  authorization: { summary: 'The person approved in the other tab.', learnt: [['scope', 'mcp:tools']], exchanges: [] },
  callback: { summary: 'state and iss match; the code arrived.', learnt: [['iss', ISSUER]], exchanges: [] },
  token: {
    summary: 'A Bearer access token for 1 hour, with a refresh token.',
    learnt: [
      ['token_type', 'Bearer'],
      ['expires_in', '3600 s'],
      ['refresh token', 'yes'],
    ],
    exchanges: [
      {
        method: 'POST',
        url: `${ISSUER}/token`,
        status: 200,
        requestBody: 'grant_type=authorization_code&code=…(masked)&code_verifier=…(masked)',
        responseBody: '{"access_token":"…(masked)","token_type":"Bearer","expires_in":3600,"refresh_token":"…(masked)"}',
        startedAt: 1_764_596_000_040,
        durationMs: 9,
      },
    ],
  },
  retry: { summary: 'initialize answered 200 with the token.', learnt: [], exchanges: [] },
};

export const prmFinding: Finding = {
  rule: 'AUTH-PRM-RESOURCE',
  severity: 'warning',
  message: 'Protected resource metadata names resource http://127.0.0.1:3011/ but the server URL is http://127.0.0.1:3011/mcp.',
  specUrl: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization#canonical-server-uri',
  subject: 'server',
};

function step(id: AuthStepId, state: AuthStepState): AuthStepView {
  const number = AUTH_STEP_IDS.indexOf(id) + 1;
  const base: AuthStepView = { id, number, title: TITLES[id], state, learnt: [], exchanges: [], findings: [] };
  if (state === 'done') return { ...base, ...DONE[id], ...(id === 'resource-metadata' ? { findings: [prmFinding] } : {}) };
  return base;
}

/** A guided flow: the steps before `at` done, `at` in `state`, the rest pending. */
export function guidedFlow(at: AuthStepId, state: AuthStepState = 'ready', patch: Partial<AuthFlowView> = {}): AuthFlowView {
  const index = AUTH_STEP_IDS.indexOf(at);
  return {
    flowId: 'flow-1',
    serverUrl: SERVER,
    mode: 'guided',
    reason: 'unauthorized',
    state: state === 'waiting' ? 'waiting-for-user' : state === 'ready' ? 'paused' : 'running',
    steps: AUTH_STEP_IDS.map((id, i) => step(id, i < index ? 'done' : i === index ? state : 'pending')),
    attempt: 1,
    ...(index > 2 ? { issuer: ISSUER } : {}),
    ...(index >= 4 ? { authorizationUrl: AUTHORIZE, scope: 'mcp:tools' } : {}),
    ...patch,
  };
}

/** Waiting for the person to approve in the other tab. */
export const waitingFlow = (mode: AuthFlowView['mode'] = 'guided'): AuthFlowView =>
  guidedFlow('authorization', 'waiting', { mode, message: 'Approve in the authorization tab; the connection continues by itself.' });

export const authorizedFlow = (): AuthFlowView => ({
  ...guidedFlow('retry', 'done'),
  steps: AUTH_STEP_IDS.map((id) => step(id, 'done')),
  state: 'authorized',
  message: 'Authorized by http://127.0.0.1:3012 with scope mcp:tools.',
});

/** The token endpoint answered 500. */
export const failedFlow = (): AuthFlowView => {
  const flow = guidedFlow('token', 'failed', {
    state: 'failed',
    message: 'Authorization failed at step 7 (Token request): the token endpoint answered HTTP 500.',
  });
  const steps = flow.steps.map((s) =>
    s.id === 'token'
      ? {
          ...s,
          summary: 'The token endpoint answered HTTP 500.',
          error: 'Step 7 (Token request): the token endpoint answered HTTP 500 "server_error". Check the authorization server, then connect again.',
          exchanges: [
            { method: 'POST', url: `${ISSUER}/token`, status: 500, responseBody: '{"error":"server_error"}', startedAt: 1_764_596_000_040, durationMs: 11 },
          ],
        }
      : s,
  );
  return { ...flow, steps };
};

/** 403 insufficient_scope: the second authorization, for a wider scope. */
export const stepUpFlow = (): AuthFlowView =>
  guidedFlow('authorization', 'waiting', { flowId: 'flow-2', reason: 'insufficient-scope', attempt: 2, scope: 'mcp:tools mcp:admin' });

/** An expired token refreshed: no authorization, no callback. */
export const refreshFlow = (): AuthFlowView => {
  const flow = authorizedFlow();
  const steps = flow.steps.map((s): AuthStepView =>
    s.id === 'registration' || s.id === 'authorization' || s.id === 'callback'
      ? { ...s, state: 'skipped', summary: 'Not needed: the stored refresh token was used.', learnt: [], exchanges: [] }
      : s,
  );
  return { ...flow, flowId: 'flow-3', mode: 'quick', reason: 'expired', steps, message: 'The access token had expired; refreshed.' };
};
