// The OAuth flow's HTTP exchanges in the two shapes they are shown in: an
// AuthExchangeView inside its step of the guided view, and an HttpExchange
// (purpose 'oauth') in the Network view. Discovery GETs come from the protocol
// core, registration and token POSTs from flow.ts; both arrive already masked
// or free of secrets, and are masked again here so no path can leak one.
import {
  maskOAuthBody,
  maskOAuthUrl,
  type AuthExchange,
  type AuthExchangeView,
  type AuthStepId,
  type HttpExchange,
  type HttpProblem,
} from '../../src/protocol/wire.js';
import type { OAuthFlowExchange, OAuthFlowStep } from './flow.js';

/** The guided view's step for a discovery exchange. */
export function stepOfDiscovery(step: AuthExchange['step']): AuthStepId {
  if (step === 'www-authenticate') return 'challenge';
  return step === 'protected-resource-metadata' ? 'resource-metadata' : 'authorization-server-metadata';
}

/** The guided view's step for a flow exchange (a refresh is the token step too). */
export function stepOfFlow(step: OAuthFlowStep): AuthStepId {
  if (step === 'authorization-response') return 'callback';
  return step === 'refresh' ? 'token' : step;
}

/** A discovery GET; it carries no time of its own, so `endedAt` (when it was collected) dates it. */
export function discoveryExchangeView(e: AuthExchange, endedAt: number): AuthExchangeView {
  return {
    method: e.method,
    url: maskOAuthUrl(e.url),
    ...(e.status !== undefined && { status: e.status }),
    requestHeaders: [['Accept', 'application/json']],
    ...(e.bodyExcerpt !== undefined && { responseBody: maskOAuthBody(e.bodyExcerpt, e.contentType) }),
    ...(e.contentType !== undefined && e.contentType !== '' && { contentType: e.contentType }),
    startedAt: endedAt - e.durationMs,
    durationMs: e.durationMs,
    ...(e.error !== undefined && { error: e.error }),
  };
}

export function flowExchangeView(e: OAuthFlowExchange): AuthExchangeView {
  const contentType = e.responseHeaders?.find(([name]) => name.toLowerCase() === 'content-type')?.[1];
  return {
    method: e.method,
    url: maskOAuthUrl(e.url),
    ...(e.status !== undefined && { status: e.status }),
    ...(e.requestHeaders && { requestHeaders: e.requestHeaders }),
    ...(e.responseHeaders && { responseHeaders: e.responseHeaders }),
    ...(contentType !== undefined && { contentType }),
    ...(e.requestBody !== undefined && { requestBody: maskOAuthBody(e.requestBody) }),
    ...(e.responseBody !== undefined && { responseBody: maskOAuthBody(e.responseBody) }),
    startedAt: e.startedAt,
    durationMs: e.durationMs,
    ...(e.error !== undefined && { error: e.error }),
  };
}

function problemOf(status: number): HttpProblem {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  return status >= 500 ? 'server-error' : 'http-error';
}

const encoder = new TextEncoder();

/** The Network view's row for an exchange of step `step`. */
export function httpExchangeOf(view: AuthExchangeView, step: AuthStepId, id: number): HttpExchange {
  const failure =
    view.error !== undefined
      ? { problem: 'network' as const, message: `The OAuth ${step} request got no answer: ${view.error}` }
      : view.status !== undefined && view.status >= 400
        ? { problem: problemOf(view.status), message: `The OAuth ${step} request was answered ${view.status}.` }
        : undefined;
  const responseHeaders: Array<[string, string]> | undefined =
    view.responseHeaders ?? (view.contentType !== undefined ? [['content-type', view.contentType]] : undefined);
  return {
    id,
    purpose: 'oauth',
    authStep: step,
    method: view.method === 'POST' ? 'POST' : view.method === 'DELETE' ? 'DELETE' : 'GET',
    url: view.url,
    state: failure ? 'failed' : 'done',
    carried: [],
    requestHeaders: view.requestHeaders ?? [],
    requestBytes: view.requestBody !== undefined ? encoder.encode(view.requestBody).length : 0,
    ...(view.status !== undefined && { status: view.status }),
    ...(responseHeaders && { responseHeaders }),
    responseBytes: view.responseBody !== undefined ? encoder.encode(view.responseBody).length : 0,
    messages: 0,
    startedAt: view.startedAt,
    durationMs: view.durationMs,
    warnings: [],
    ...(failure && { failure }),
  };
}
