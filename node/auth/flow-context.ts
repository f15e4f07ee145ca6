// What every step of an OAuth flow works with: its record (the view), the
// Authorizer's options, and one place that files an exchange both into its
// step and into the Network view.
import type { AuthExchangeView, AuthStepId, AuthorizationServerMetadata } from '../../src/protocol/wire.js';
import type { AuthorizerOptions } from './authorizer-types.js';
import type { FlowRecord } from './flow-record.js';
import { flowExchangeView, httpExchangeOf, stepOfFlow } from './exchange-views.js';
import { createOAuthFetch } from './fetch-policy.js';
import type { OAuthFlowExchange } from './flow.js';

export interface FlowContext {
  readonly record: FlowRecord;
  readonly options: AuthorizerOptions;
  readonly clock: () => number;
  /** The one fetch discovery, the token flow and the opener use: the fetch policy's (or the options' in-memory one). */
  readonly fetch: typeof fetch;
  /** Files one exchange: into its step of the view and, as an HttpExchange, into the Network view. */
  exchange(step: AuthStepId, view: AuthExchangeView): void;
  /** flow.ts appends its exchanges here; fileFlowExchanges() files the new ones. */
  readonly flowExchanges: OAuthFlowExchange[];
  fileFlowExchanges(): void;
}

/** Where the flow's authorization server and resource are, once discovery has found them. */
export interface Discovered {
  issuer: string;
  /** The RFC 8707 resource: the protected resource metadata's `resource` as published, else the canonical server URL. */
  resource: string;
  metadata: AuthorizationServerMetadata;
  /** The metadata's authorization_response_iss_parameter_supported is true (RFC 9207): the callback must carry iss. */
  issAdvertised: boolean;
  /** The scope MCP's selection strategy picked (challenge, else scopes_supported, else none). */
  selectedScope?: string;
}

const FIRST_CONTACT = 'first contact with';

export function createFlowContext(record: FlowRecord, options: AuthorizerOptions): FlowContext {
  const flowExchanges: OAuthFlowExchange[] = [];
  let filed = 0;
  const contacted = new Set([new URL(options.serverUrl).origin]);
  /** An origin the flow reaches for the first time (not the MCP server's) is named in the step that reached it. */
  const nameNewOrigin = (step: AuthStepId, view: AuthExchangeView): void => {
    if (view.status === undefined) return; // not reached (refused or down): the step's sentence says so
    const origin = URL.canParse(view.url) ? new URL(view.url).origin : undefined;
    if (origin === undefined || contacted.has(origin)) return;
    contacted.add(origin);
    const earlier = record.step(step).learnt.find(([label]) => label === FIRST_CONTACT)?.[1];
    record.learn(step, FIRST_CONTACT, earlier === undefined ? origin : `${earlier} ${origin}`);
  };
  const exchange = (step: AuthStepId, view: AuthExchangeView): void => {
    record.addExchange(step, view);
    nameNewOrigin(step, view);
    options.onExchange(record.secrets.maskAll(httpExchangeOf(view, step, options.nextExchangeId())));
  };
  return {
    record,
    options,
    clock: options.clock ?? Date.now,
    fetch: options.fetch ?? createOAuthFetch({ serverUrl: options.serverUrl, ...options.fetchPolicy }),
    exchange,
    flowExchanges,
    fileFlowExchanges() {
      for (const e of flowExchanges.slice(filed)) exchange(stepOfFlow(e.step), flowExchangeView(e));
      filed = flowExchanges.length;
      record.emit();
    },
  };
}

/** RFC 8707's canonical form of the server URL: lower-case scheme and host (URL does that), no fragment, no lone trailing slash. */
export function canonicalResource(serverUrl: string): string {
  const url = new URL(serverUrl);
  url.hash = '';
  return url.pathname === '/' && url.search === '' ? url.origin : url.href;
}

/** Scopes joined without repeats, in first-seen order (the step-up union). */
export function scopeUnion(...scopes: Array<string | undefined>): string | undefined {
  const all = [...new Set(scopes.flatMap((s) => (s ?? '').split(' ')).filter((s) => s !== ''))];
  return all.length > 0 ? all.join(' ') : undefined;
}
