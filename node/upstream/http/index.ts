// The HTTP upstreams behind the one Upstream interface: Auto, Streamable HTTP,
// HTTP+SSE (2024-11-05) and plain JSON-RPC over HTTP.

import type { HttpTransportConfig } from '../../../src/protocol/wire.js';
import type { HttpUpstreamStarted, Upstream, UpstreamEvent, UpstreamListener } from '../types.js';
import { ConnectionAuth, MAX_AUTH_ATTEMPTS, hasAuthorizationHeader, versionAsked, type AuthorizerFactory } from './auth.js';
import { AutoHttpUpstream } from './auto.js';
import { LegacySseUpstream } from './legacy-sse.js';
import { resolveHttpOptions, type HttpUpstreamOptions, type ResolvedHttpOptions } from './options.js';
import { StreamableHttpUpstream } from './streamable.js';

export type { HttpUpstreamOptions } from './options.js';
export type { AuthorizerFactory, AuthorizerHooks } from './auth.js';

export interface HttpConnectionOptions {
  /** OAuth: builds this connection's Authorizer when transport.auth asks for guided or quick. */
  authorize?: AuthorizerFactory;
}

export function createHttpUpstream(
  config: HttpTransportConfig,
  listener: UpstreamListener,
  options: HttpUpstreamOptions = {},
  connection: HttpConnectionOptions = {},
): Upstream<HttpUpstreamStarted> {
  const resolved = resolveHttpOptions(options);
  const mode = config.auth?.mode ?? 'off';
  if (mode === 'off' || connection.authorize === undefined) return createTransport(config, listener, resolved);
  if (hasAuthorizationHeader(config.headers)) {
    const hint =
      'Remove the Authorization header to let mcpscope authorize (OAuth is on for this connection, but a header you typed yourself takes precedence).';
    return createTransport(config, listener, { ...resolved, authorizationHint: hint });
  }
  // The flow's events stop with the connection's close, like every other event.
  let closed = false;
  const guarded: UpstreamListener = (event: UpstreamEvent) => {
    if (closed) return;
    if (event.type === 'close') closed = true;
    listener(event);
  };
  let version: string | undefined;
  const authorizer = connection.authorize({
    serverUrl: config.url,
    config: config.auth!,
    protocolVersion: () => version,
    // The page opens the authorization URL in a new tab when the flow says so.
    open: (_url, flow) => {
      guarded({ type: 'auth', flow });
      return Promise.resolve();
    },
    onFlow: (flow) => guarded({ type: 'auth', flow }),
    onExchange: (exchange) => guarded({ type: 'http', exchange }),
    nextExchangeId: resolved.nextExchangeId,
    maxAttempts: MAX_AUTH_ATTEMPTS,
  });
  const upstream = createTransport(config, guarded, { ...resolved, auth: new ConnectionAuth(authorizer, MAX_AUTH_ATTEMPTS) });
  const send = upstream.send.bind(upstream);
  upstream.send = (raw) => {
    version = versionAsked(raw) ?? version;
    return send(raw);
  };
  return upstream;
}

function createTransport(config: HttpTransportConfig, listener: UpstreamListener, resolved: ResolvedHttpOptions): Upstream<HttpUpstreamStarted> {
  switch (config.mode) {
    case 'auto':
      return new AutoHttpUpstream(config, listener, resolved);
    case 'sse':
      return new LegacySseUpstream(config, listener, resolved);
    case 'streamable-http':
    case 'plain':
      return new StreamableHttpUpstream(config, listener, { ...resolved, flavour: config.mode });
  }
}
