// Runtime-agnostic core shared by the UI, the proxy and the CLI.
// No DOM, no React, no node: imports here.
// What carries frames (the proxy's entry, see wire.ts):
export * from './wire.js';
export * from './mcpscope-version.js';
export * from './session/types.js';
export * from './session/client-session.js';
export { handlerAbortOf, whenHandlerAborted, type HandlerAbort } from './session/incoming-requests.js';
export * from './session/client-capabilities.js';
export * from './session/roots-changed.js';
export * from './session/multi-round.js';
export * from './ping/verdict.js';
export * from './ping/discover-compliance.js';
export * from './ping/probe.js';
export * from './mcp/types.js';
export * from './mcp/paginate.js';
export * from './mcp/cache-hints.js';
export * from './mcp/uri-template.js';
export * from './mcp/completion.js';
export * from './mcp/blob.js';
export * from './mcp/listed-tools.js';
export * from './mcp/elicitation.js';
export * from './schema/validate.js';
export { serverPattern, type ServerPattern } from './schema/pattern.js';
export { MAX_NESTING, patternFacts } from './schema/schema-patterns.js';
export { nestsDeeperThan } from './schema/walk.js';
export * from './sampling/request.js';
export * from './sampling/result.js';
export * from './lint/rules.js';
export type { Finding } from './lint/state.js';
export * from './lint/linter.js';
export { internalFinding } from './lint/internal.js';
export type { HttpExchangeFacts } from './lint/transport.js';
// Tool schemas against OpenAI's, Anthropic's and Gemini's strict modes.
export * from './lint/providers/index.js';
export * from './ping/monitor.js';
export * from './text/format.js';
export * from './json/guards.js';
export * from './time/clock.js';
export * from './result.js';
export * from './text/own.js';
export * from './capture/index.js';
export * from './lint/http-facts.js';
// The cases every reader of the ledger is tested against (session, linter, log, HTTP inbox).
export * from './ledger/pairing-cases.js';
export * from './connection/exchange-judge.js';
export * from './connection/core.js';
export * from './connection/connect-policy.js';
export * from './connection/connect-failure.js';
export * from './session/discover.js';
export * from './logging/log-message.js';
export * from './tasks/task.js';
export * from './tasks/task-tracker.js';
export * from './tasks/client-tasks.js';
export * from './tasks/task-support.js';
// 2026-07-28 Streamable HTTP and subscriptions: the listen stream that replaces resources/subscribe.
export * from './mcp/subscriptions.js';
export * from './tasks/ext-task.js';
// OAuth discovery in MCP's order: WWW-Authenticate, protected resource and authorization server metadata, scope.
export * from './auth/exchange.js';
export * from './auth/www-authenticate.js';
export * from './auth/protected-resource.js';
export * from './auth/authorization-server.js';
export * from './auth/scope.js';
export * from './auth/discover.js';
export * from './auth/flow-view.js';
export { AUTH_SPEC } from './auth/spec-links.js';
export { authFindings, issFindings, scopeSyntaxProblem, type AuthorizationResponseIss } from './lint/auth-rules.js';
// Config files (mcp.json shapes and server.json): the saved-server model, import and export.
export * from './config/index.js';
// Interface diffs: two servers' lists compared, each change breaking or compatible; interface snapshots.
export * from './diff/types.js';
export { diffInterfaces, breakingFirst } from './diff/interface-diff.js';
export { parseInterfaceSnapshot, interfaceSnapshot, SNAPSHOT_VERSION, type InterfaceSnapshot } from './diff/snapshot.js';
export { shortJson } from './diff/schema-diff.js';
export * from './diff/wording.js';
// Test files: the format of `mcpscope test`, its parser and the judgment of each step.
export * from './testfile/index.js';
export * from './apps/contract.js';
// MCP Apps: a tool's and a resource's _meta.ui read, the app's CSP, the APP-* rules.
export { readToolUi, toolVisibility, isUiUri, type ToolUiReading } from './apps/tool-ui.js';
export { readUiResource, isAppMimeType, type UiResourceReading } from './apps/ui-resource.js';
export { cspDomainProblems, allowedCsp, EMPTY_CSP } from './apps/csp.js';
export { APP_RULES, type AppRuleId } from './apps/rules.js';
export { appRuleSet } from './apps/rule-set.js';
export { createFloodWatch, SANDBOX_MESSAGES_PER_SECOND, type FloodWatch } from './apps/flood-watch.js';
export { createBridgeLinter, DEFAULT_MAX_BRIDGE_MESSAGE_BYTES, type BridgeLinter, type BridgeLinterOptions } from './apps/bridge-linter.js';
export type * from './models/contract.js';
export * from './evals/index.js';
// Models: a sampling request as a model request and the reply back, the model chosen (refs and prices are in wire.ts).
export * from './models/choose.js';
export * from './models/from-sampling.js';
export * from './models/to-result.js';
export type * from './models/provider-view.js';
export * from './models/chat.js';
