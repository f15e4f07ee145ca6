// The part of the core that carries frames: the JSON-RPC codec, NDJSON framing, the envelopes and upstream
// events, the HTTP helpers, the request ledger, the stderr tail and the capture format. The proxy, the passthrough
// (wrap/) and the option table import this entry rather than index.ts, so that Node never evaluates what only the
// page and the CLI use:
// the session, the schema validator and the lint engine. Everything here is also exported by index.ts.
export * from './jsonrpc/codec.js';
export * from './framing/ndjson.js';
export * from './versions.js';
export * from './envelope/envelope.js';
export * from './envelope/upstream-event.js';
export * from './envelope/output-held.js';
export * from './http/exchange.js';
export * from './http/headers.js';
// OAuth: one mask for tokens, secrets and codes in exchanges, logs and the CLI.
export * from './http/secrets.js';
// OAuth: the discovered authorization server, as the proxy's token flow takes it (a type only).
export type { AuthorizationServerMetadata } from './auth/authorization-server.js';
// OAuth: the flow view the proxy sends the page, and the auth part of an HTTP transport config.
export * from './auth/flow-view.js';
// OAuth: the proxy's authorization engine runs discovery and judges it (AUTH-* findings; rules.ts only, not the linter).
export { discoverAuthorization, type AuthorizationDiscovery } from './auth/discover.js';
export type { AuthExchange } from './auth/exchange.js';
export { parseWwwAuthenticate } from './auth/www-authenticate.js';
export { resourceMismatch } from './auth/protected-resource.js';
export { authFindings, issFindings } from './lint/auth-rules.js';
export type { Finding } from './lint/state.js';
export * from './http/mcp-headers.js';
// The JSON object guard: the HTTP upstream reads tool schemas and cancellations.
export { isRecord } from './json/guards.js';
export { ownValue } from './text/own.js';
// MCP Apps: how the proxy's app sandbox is addressed and what it reports.
export * from './apps/sandbox-wire.js';
export type { UiCsp } from './apps/contract.js';
// The app sandbox's CSP, served by the proxy: one reading of the declared origins for the page, check and the proxy.
export { appCspHeader, cspDomainProblem, type CspList } from './apps/csp.js';
// Outcomes that can fail with a sentence (the saved-server list's edits and opens).
export type { Result } from './result.js';
export * from './http/sse-reader.js';
export * from './ledger/request-id.js';
export * from './ledger/ledger.js';
export * from './connection/stderr-tail.js';
export * from './text/split-args.js';
export * from './text/plural.js';
// The passthrough's HTTP exchange records (wrap/http-record.ts).
export { formatBytes, formatDuration } from './text/format.js';
// The log levels: the option table checks --log-level against them.
export * from './logging/levels.js';
// Root URIs are checked where they are typed: the page, and the CLI's --root in the option table.
export * from './mcp/roots.js';
// Modern (2026-07-28) per-request _meta: the HTTP upstream mirrors it in headers.
export * from './mcp/modern-meta.js';
// The capture format (the Log's export): the passthrough (wrap/) records into it.
export * from './capture/index.js';
// The CLI's --max-rounds default (the multi-round requester itself is the session's, not the wire's).
export { DEFAULT_MAX_ROUNDS } from './session/multi-round.js';
// The model providers --strict-providers names (the option table checks them).
export { PROVIDERS, type Provider } from './lint/providers/types.js';
// Config files (mcp.json shapes, server.json): node/config reads them for --config, in the proxy and the CLI.
export * from './config/index.js';
// A model in the loop: the request, reply and failure node/models speaks (types only).
export type * from './models/contract.js';
export { costUsd } from './models/prices.js';
// A model answer's time limit: the proxy's default and the bounds of the page's setting.
export * from './models/time-limit.js';
// --sampling model:PROVIDER/MODEL is read by the option table.
export * from './models/ref.js';
// The proxy's model providers as the page sees them (GET /api/models; types only).
export type * from './models/provider-view.js';
