// Runtime-agnostic core shared by the UI, the proxy and the CLI.
// No DOM, no React, no node: imports here.
export * from './jsonrpc/codec.js';
export * from './framing/ndjson.js';
export * from './versions.js';
export * from './envelope/envelope.js';
export * from './envelope/output-held.js';
export * from './session/types.js';
export * from './session/client-session.js';
export * from './ping/verdict.js';
export * from './mcp/types.js';
export * from './mcp/paginate.js';
export * from './mcp/uri-template.js';
export * from './mcp/blob.js';
export * from './schema/validate.js';
export * from './lint/rules.js';
export type { Finding } from './lint/state.js';
export * from './lint/linter.js';
export { internalFinding } from './lint/internal.js';
export type { HttpExchangeFacts } from './lint/transport.js';
export * from './ping/monitor.js';
export * from './http/exchange.js';
export * from './http/headers.js';
export * from './text/split-args.js';
export * from './text/plural.js';
export * from './text/own.js';
export * from './log/index.js';
export * from './lint/http-facts.js';
