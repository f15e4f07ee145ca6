// Runtime-agnostic core shared by the UI, the proxy and the CLI.
// No DOM, no React, no node: imports here.
export * from './jsonrpc/codec.js';
export * from './framing/ndjson.js';
export * from './versions.js';
export * from './envelope/envelope.js';
export * from './session/types.js';
export * from './session/client-session.js';
export * from './ping/verdict.js';
export * from './mcp/types.js';
export * from './mcp/paginate.js';
export * from './mcp/uri-template.js';
export * from './schema/validate.js';
export { serverPattern, type ServerPattern } from './schema/pattern.js';
export { MAX_NESTING, patternFacts } from './schema/schema-patterns.js';
export { nestsDeeperThan } from './schema/walk.js';
export * from './lint/rules.js';
export type { Finding } from './lint/state.js';
export * from './lint/linter.js';
export type { HttpExchangeFacts } from './lint/transport.js';
export * from './ping/monitor.js';
export * from './http/exchange.js';
export * from './http/headers.js';
export * from './text/split-args.js';
export * from './log/index.js';
export * from './lint/http-facts.js';
