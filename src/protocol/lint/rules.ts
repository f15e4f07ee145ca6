// The lint rules: one id each, a default severity, a one-line title in our own
// words, and the part of the specification it rests on.

import { MODERN_PROTOCOL_VERSIONS } from '../versions.js';
import { PROVIDER_RULES } from './providers/table.js';
import { TOOL_COUNT_RULES } from './providers/tool-count.js';
import { APP_RULES } from '../apps/rules.js';

export type Severity = 'error' | 'warning' | 'info';

export interface SpecRef {
  /** Path under /specification/<version>/, e.g. "basic/lifecycle". */
  path: string;
  anchor: string;
  /** Where 2024-11-05 kept it elsewhere. */
  path2024?: string;
  /** Where 2026-07-28 keeps it, when it moved. */
  modern?: { path: string; anchor: string };
  /** The first version that has the rule: an older version in use still links here. */
  since?: string;
}

const MESSAGES = { path: 'basic', path2024: 'basic/messages' };
/** The first revision of the stateless generation. */
const MODERN = MODERN_PROTOCOL_VERSIONS[0];

/** An extension's rules link to the extension's page, whatever the version. */
interface ExtensionRef {
  url: string;
}
/** The authorization page: one page in 2025-11-25 (the first with all these sections), split in 2026-07-28. */
const AUTH_DISCOVERY = { path: 'basic/authorization', since: '2025-11-25' };
const AUTH_DISCOVERY_MODERN = { path: 'basic/authorization/authorization-server-discovery' };
const TASKS_EXTENSION_DOC = 'https://modelcontextprotocol.io/extensions/tasks/overview';

export const RULES = {
  'JR-VERSION': { severity: 'error', title: '"jsonrpc" must be "2.0"', spec: { ...MESSAGES, anchor: 'messages' } },
  'JR-ID-TYPE': { severity: 'error', title: 'Request ids are strings or integers, never null', spec: { ...MESSAGES, anchor: 'requests' } },
  'JR-ID-REUSE': { severity: 'error', title: 'A sender must not reuse a request id in a session', spec: { ...MESSAGES, anchor: 'requests' } },
  'JR-RESP-ORPHAN': {
    severity: 'error',
    title: 'A response must answer an outstanding request, once, with its id',
    spec: { ...MESSAGES, anchor: 'responses' },
  },
  'JR-RESULT-AND-ERROR': { severity: 'error', title: 'A response carries exactly one of result and error', spec: { ...MESSAGES, anchor: 'responses' } },
  'JR-ERROR-SHAPE': { severity: 'error', title: 'An error has an integer code and a message', spec: { ...MESSAGES, anchor: 'error-responses' } },
  'JR-ERROR-ID': { severity: 'warning', title: 'An error response carries the id of the request', spec: { ...MESSAGES, anchor: 'error-responses' } },
  'JR-NOTIF-ID': { severity: 'error', title: 'Notifications carry no id and get no reply', spec: { ...MESSAGES, anchor: 'notifications' } },
  'JR-INVALID': { severity: 'error', title: 'The frame is not a JSON-RPC message', spec: { ...MESSAGES, anchor: 'messages' } },
  'BATCH-FORBIDDEN': {
    severity: 'error',
    title: 'JSON-RPC batches are allowed only in 2025-03-26',
    spec: { path: 'basic/transports', anchor: 'sending-messages-to-the-server', modern: { path: 'basic', anchor: 'messages' } },
  },
  'BATCH-INIT': { severity: 'error', title: 'initialize must not be part of a batch', spec: { path: 'basic/lifecycle', anchor: 'initialization' } },
  'METHOD-UNKNOWN': {
    severity: 'error',
    title: 'The method does not exist for this version and direction',
    spec: { path: 'basic/lifecycle', anchor: 'operation', modern: { path: 'basic/versioning', anchor: 'protocol-version-negotiation' } },
  },
  SCHEMA: { severity: 'error', title: 'Params and results match the published schema of the version', spec: { path: 'basic', anchor: 'schema' } },
  'META-KEY': {
    severity: 'warning',
    title: '_meta keys follow the naming rule and avoid reserved prefixes',
    spec: { path: 'basic', anchor: 'general-fields' },
  },
  'LC-EARLY-CLIENT': {
    severity: 'warning',
    title: 'Before the initialize result, a client sends only pings',
    spec: { path: 'basic/lifecycle', anchor: 'initialization' },
  },
  'LC-EARLY-SERVER': {
    severity: 'warning',
    title: 'Before initialized, a server sends only pings and logs',
    spec: { path: 'basic/lifecycle', anchor: 'initialization' },
  },
  'LC-NO-INITIALIZED': {
    severity: 'error',
    title: 'After the initialize result the client sends initialized, once',
    spec: { path: 'basic/lifecycle', anchor: 'initialization' },
  },
  'LC-VERSION': {
    severity: 'warning',
    title: 'The negotiated version must be one both sides support',
    spec: { path: 'basic/lifecycle', anchor: 'version-negotiation' },
  },
  'CAP-UNDECLARED': {
    severity: 'error',
    title: 'Only negotiated capabilities may be used',
    spec: { path: 'basic/lifecycle', anchor: 'capability-negotiation' },
  },
  'CANCEL-INIT': {
    severity: 'error',
    title: 'The initialize request must not be cancelled',
    spec: {
      path: 'basic/utilities/cancellation',
      anchor: 'behavior-requirements',
      modern: { path: 'basic/patterns/cancellation', anchor: 'behavior-requirements' },
    },
  },
  'CANCEL-TARGET': {
    severity: 'info',
    title: 'A cancellation names an in-progress request sent in the same direction',
    spec: {
      path: 'basic/utilities/cancellation',
      anchor: 'behavior-requirements',
      modern: { path: 'basic/patterns/cancellation', anchor: 'behavior-requirements' },
    },
  },
  'CANCEL-THEN-RESPONSE': {
    severity: 'info',
    title: 'A cancelled request should get no response',
    spec: {
      path: 'basic/utilities/cancellation',
      anchor: 'behavior-requirements',
      modern: { path: 'basic/patterns/cancellation', anchor: 'behavior-requirements' },
    },
  },
  'CANCEL-THEN-PROGRESS': {
    severity: 'warning',
    title: 'Work on a cancelled request stops: no more progress',
    spec: {
      path: 'basic/utilities/cancellation',
      anchor: 'behavior-requirements',
      modern: { path: 'basic/patterns/cancellation', anchor: 'behavior-requirements' },
    },
  },
  'PROG-TOKEN': {
    severity: 'warning',
    title: 'Progress names the token of an active request',
    spec: { path: 'basic/utilities/progress', anchor: 'behavior-requirements', modern: { path: 'basic/patterns/progress', anchor: 'behavior-requirements' } },
  },
  'PROG-MONOTONIC': {
    severity: 'error',
    title: 'Progress must increase with each notification',
    spec: { path: 'basic/utilities/progress', anchor: 'behavior-requirements', modern: { path: 'basic/patterns/progress', anchor: 'behavior-requirements' } },
  },
  'PING-PARAMS': { severity: 'warning', title: 'ping takes no parameters', spec: { path: 'basic/utilities/ping', anchor: 'message-format' } },
  'PING-RESULT': {
    severity: 'error',
    title: 'ping is answered promptly with an empty result',
    spec: { path: 'basic/utilities/ping', anchor: 'behavior-requirements' },
  },
  'STDIO-NONMSG': {
    severity: 'error',
    title: 'A stdio server writes only MCP messages to stdout',
    spec: { path: 'basic/transports', anchor: 'stdio', modern: { path: 'basic/transports/stdio', anchor: 'receiving-messages' } },
  },
  'STDIO-NEWLINE': {
    severity: 'error',
    title: 'A stdio message must not contain embedded newlines',
    spec: { path: 'basic/transports', anchor: 'stdio', modern: { path: 'basic/transports/stdio', anchor: 'receiving-messages' } },
  },
  'HTTP-ACCEPT': {
    severity: 'error',
    title: 'Requests list both JSON and SSE in Accept',
    spec: {
      path: 'basic/transports',
      anchor: 'sending-messages-to-the-server',
      modern: { path: 'basic/transports/streamable-http', anchor: 'sending-messages' },
    },
  },
  'HTTP-202': {
    severity: 'error',
    title: 'Accepted notifications and responses get 202 with no body; requests get JSON or SSE',
    spec: {
      path: 'basic/transports',
      anchor: 'sending-messages-to-the-server',
      modern: { path: 'basic/transports/streamable-http', anchor: 'sending-messages' },
    },
  },
  'HTTP-VERSION-HDR': {
    severity: 'error',
    title: 'MCP-Protocol-Version is sent on every request after initialization',
    spec: { path: 'basic/transports', anchor: 'protocol-version-header' },
  },
  'HTTP-SESSION': {
    severity: 'error',
    title: 'Session ids are visible ASCII and sent on every later request',
    spec: { path: 'basic/transports', anchor: 'session-management' },
  },
  'SSE-ENDPOINT': {
    severity: 'error',
    title: 'An HTTP+SSE server first sends the endpoint event',
    spec: { path: 'basic/transports', anchor: 'http-with-sse' },
  },
  'TOOL-OUTPUT': { severity: 'error', title: 'Structured results conform to the outputSchema', spec: { path: 'server/tools', anchor: 'output-schema' } },
  'TOOL-DEF': { severity: 'error', title: 'Tool definitions are well formed', spec: { path: 'server/tools', anchor: 'tool' } },
  'TOOL-CONTENT': {
    severity: 'error',
    title: 'Content blocks exist in the version and binary data is base64',
    spec: { path: 'server/tools', anchor: 'tool-result' },
  },
  'TOOL-SCHEMA-SAFE': {
    severity: 'warning',
    title: 'Tool schemas can be checked safely: patterns without lookaround or backreferences, nesting within 128 levels',
    spec: { path: 'server/tools', anchor: 'tool' },
  },
  'TASK-RESULT': {
    severity: 'error',
    title: 'A task-augmented request is answered with a task (CreateTaskResult)',
    spec: { path: 'basic/utilities/tasks', anchor: 'creating-tasks' },
  },
  'LOG-MESSAGE': {
    severity: 'error',
    title: 'A log message has one of the eight levels, data, and a string logger if any',
    spec: { path: 'server/utilities/logging', anchor: 'log-message-notifications' },
  },
  'LOG-SET-LEVEL': {
    severity: 'error',
    title: 'logging/setLevel takes one of the eight levels and is answered with an empty result',
    spec: { path: 'server/utilities/logging', anchor: 'setting-log-level' },
  },
  'LOG-BELOW-LEVEL': {
    severity: 'warning',
    title: 'After logging/setLevel, a server sends only messages at that level or above',
    spec: { path: 'server/utilities/logging', anchor: 'setting-log-level' },
  },
  'ELICIT-URL': {
    severity: 'error',
    title: 'A URL elicitation carries an elicitationId and a valid URL',
    spec: { path: 'client/elicitation', anchor: 'url-mode-elicitation-requests' },
  },
  'ELICIT-MODE': {
    severity: 'error',
    title: 'A server elicits only in modes the client declared',
    spec: { path: 'client/elicitation', anchor: 'capabilities' },
  },
  'ELICIT-COMPLETE': {
    severity: 'warning',
    title: 'An elicitation completion names a URL elicitation the server started',
    spec: { path: 'client/elicitation', anchor: 'completion-notifications-for-url-mode-elicitation' },
  },
  'ELICIT-REQUIRED': {
    severity: 'error',
    title: 'A -32042 error lists the URL elicitations to complete',
    spec: { path: 'client/elicitation', anchor: 'url-elicitation-required-error' },
  },
  'COMPLETION-RESULT': {
    severity: 'error',
    title: 'A completion answer has at most 100 string values and a total no smaller than their count',
    spec: { path: 'server/utilities/completion', anchor: 'completion-results' },
  },
  'ROOTS-URI': { severity: 'error', title: 'Every root in a roots/list result has a file:// URI', spec: { path: 'client/roots', anchor: 'root' } },
  'SAMPLING-REQUEST': {
    severity: 'error',
    title: 'sampling/createMessage has messages, maxTokens and content of the version, with every tool use answered',
    spec: { path: 'client/sampling', anchor: 'creating-messages' },
  },
  'SAMPLING-RESULT': {
    severity: 'error',
    title: 'A sampling result has a role, content of the version and the model; tool use only where tools were offered',
    spec: { path: 'client/sampling', anchor: 'creating-messages' },
  },
  'TASK-STATUS': {
    severity: 'error',
    title: 'A task begins in working and never leaves a terminal status',
    spec: { path: 'basic/utilities/tasks', anchor: 'task-status-lifecycle' },
  },
  'TASK-CAP': {
    severity: 'error',
    title: 'Tasks are asked for only where the receiver declared them (and the tool allows it)',
    spec: { path: 'basic/utilities/tasks', anchor: 'capabilities' },
  },
  'TASK-TTL': {
    severity: 'warning',
    title: 'A task ends within its ttl, or it may be deleted with its result',
    spec: { path: 'basic/utilities/tasks', anchor: 'ttl-and-resource-management' },
  },
  // The rules of the 2026-07-28 revision (stateless, per-request _meta); checked on frames of that era only.
  'MODERN-META': {
    severity: 'error',
    title: 'Every request carries its protocol version and client capabilities in _meta (and should carry clientInfo)',
    spec: { path: 'basic', anchor: 'meta', since: MODERN },
  },
  'MODERN-RESULT-TYPE': {
    severity: 'error',
    title: 'Every result carries resultType',
    spec: { path: 'basic', anchor: 'resulttype', since: MODERN },
  },
  'MODERN-CACHE': {
    severity: 'error',
    title: 'List, read and discover results carry ttlMs (a number ≥ 0) and cacheScope ("public" or "private")',
    spec: { path: 'server/utilities/caching', anchor: 'cacheable-results', since: MODERN },
  },
  'MODERN-METHOD': {
    severity: 'error',
    title: 'Methods of the initialize generation, and server-to-client requests, are not part of 2026-07-28',
    spec: { path: 'changelog', anchor: 'major-changes', since: MODERN },
  },
  'MODERN-LOG': {
    severity: 'error',
    title: 'notifications/message only for a request that set io.modelcontextprotocol/logLevel, at or above that level',
    spec: { path: 'server/utilities/logging', anchor: 'per-request-log-level', since: MODERN },
  },
  'MODERN-ERROR-CODE': {
    severity: 'error',
    title: 'Error codes of 2026-07-28: no -32002 or -32042, -32020…-32099 only as the spec defines them, -32022 lists data.supported',
    spec: { path: 'basic', anchor: 'error-codes', since: MODERN },
  },
  'MODERN-MRTR': {
    severity: 'error',
    title: 'input_required only on tools/call, prompts/get and resources/read, with inputRequests or requestState, asking only what the client declared',
    spec: { path: 'basic/patterns/mrtr', anchor: 'server-requirements-basic-workflow', since: MODERN },
  },
  'MODERN-MRTR-RETRY': {
    severity: 'error',
    title: 'A retry after input_required uses a new id and echoes requestState unchanged',
    spec: { path: 'basic/patterns/mrtr', anchor: 'client-requirements-basic-workflow', since: MODERN },
  },
  'MODERN-DISCOVER': {
    severity: 'error',
    title: 'server/discover answers with a non-empty supportedVersions list of strings and a capabilities object',
    spec: { path: 'server/discover', anchor: 'response', since: MODERN },
  },
  'MODERN-SERVER-INFO': {
    severity: 'info',
    title: 'Servers should name themselves in each result’s _meta (io.modelcontextprotocol/serverInfo)',
    spec: { path: 'basic', anchor: 'meta', since: MODERN },
  },
  'MODERN-HTTP-HEADERS': {
    severity: 'error',
    title: 'Every POST carries MCP-Protocol-Version and Mcp-Method (and Mcp-Name where required), matching the body',
    spec: { path: 'basic/transports/streamable-http', anchor: 'standard-request-headers', since: MODERN },
  },
  'MODERN-HTTP-MISMATCH': {
    severity: 'error',
    title: 'A request whose headers do not match its body is rejected with 400 and error -32020',
    spec: { path: 'basic/transports/streamable-http', anchor: 'server-validation', since: MODERN },
  },
  'MODERN-HTTP-SESSION': {
    severity: 'error',
    title: 'No Mcp-Session-Id in 2026-07-28, from either side',
    spec: { path: 'basic/transports/streamable-http', anchor: 'earlier-streamable-http-revisions', since: MODERN },
  },
  'MODERN-HTTP-METHOD': {
    severity: 'error',
    title: 'No GET stream or DELETE in 2026-07-28: everything is a POST',
    spec: { path: 'basic/transports/streamable-http', anchor: 'earlier-streamable-http-revisions', since: MODERN },
  },
  // --- the tasks extension (io.modelcontextprotocol/tasks, 2026-07-28) ---
  'TASK-EXT-CAP': {
    severity: 'error',
    title: 'A task handle answers only tools/call, of a 2026-07-28 client that declared the tasks extension on that request',
    spec: { url: `${TASKS_EXTENSION_DOC}#how-tasks-work` },
  },
  'TASK-EXT-RESULT': {
    severity: 'error',
    title: "Every task of the tasks extension has the Task fields (ttlMs, pollIntervalMs) and its status's inputRequests, result or error",
    spec: { url: `${TASKS_EXTENSION_DOC}#how-tasks-work` },
  },
  'TASK-EXT-STATUS': {
    severity: 'error',
    title: 'A task of the tasks extension never leaves a terminal status',
    spec: { url: `${TASKS_EXTENSION_DOC}#task-lifecycle` },
  },
  'TASK-EXT-ACK': {
    severity: 'warning',
    title: 'tasks/update and tasks/cancel are answered with an empty acknowledgement',
    spec: { url: `${TASKS_EXTENSION_DOC}#for-mcp-servers` },
  },
  'LINT-INTERNAL': { severity: 'warning', title: 'A lint rule of mcpscope failed (a bug of mcpscope, not of the server)' },
  // --- authorization: judged from the OAuth discovery results, not from frames (auth-rules.ts) ---
  'AUTH-CHALLENGE': {
    severity: 'error',
    title: 'A 401 carries a well-formed WWW-Authenticate with a Bearer challenge',
    spec: {
      ...AUTH_DISCOVERY,
      anchor: 'protected-resource-metadata-discovery-requirements',
      modern: { ...AUTH_DISCOVERY_MODERN, anchor: 'protected-resource-metadata-discovery-requirements' },
    },
  },
  'AUTH-RESOURCE-METADATA-URL': {
    severity: 'error',
    title: "The Bearer challenge's resource_metadata is an absolute http(s) URL",
    spec: {
      ...AUTH_DISCOVERY,
      anchor: 'protected-resource-metadata-discovery-requirements',
      modern: { ...AUTH_DISCOVERY_MODERN, anchor: 'protected-resource-metadata-discovery-requirements' },
    },
  },
  'AUTH-SCOPE-SYNTAX': {
    severity: 'warning',
    title: 'Scopes (challenge scope, scopes_supported) are space-separated scope tokens',
    spec: { ...AUTH_DISCOVERY, anchor: 'scope-selection-strategy', modern: { ...AUTH_DISCOVERY, anchor: 'scope-selection-strategy' } },
  },
  'AUTH-PRM-SHAPE': {
    severity: 'error',
    title: 'Protected resource metadata has a resource and lists its authorization_servers as URLs',
    spec: { ...AUTH_DISCOVERY, anchor: 'authorization-server-location', modern: { ...AUTH_DISCOVERY_MODERN, anchor: 'authorization-server-location' } },
  },
  'AUTH-PRM-RESOURCE': {
    severity: 'error',
    title: "Protected resource metadata's resource is the MCP server's URL (or above it)",
    spec: { ...AUTH_DISCOVERY, anchor: 'canonical-server-uri', modern: { ...AUTH_DISCOVERY, anchor: 'canonical-server-uri' } },
  },
  'AUTH-AS-SHAPE': {
    severity: 'error',
    title: 'Authorization server metadata has issuer, authorization_endpoint, token_endpoint and response_types_supported',
    spec: {
      ...AUTH_DISCOVERY,
      anchor: 'authorization-server-metadata-discovery',
      modern: { ...AUTH_DISCOVERY_MODERN, anchor: 'authorization-server-metadata-discovery' },
    },
  },
  'AUTH-AS-ISSUER': {
    severity: 'error',
    title: 'Authorization server metadata names the issuer it was fetched for',
    spec: {
      ...AUTH_DISCOVERY,
      anchor: 'authorization-server-metadata-discovery',
      modern: { ...AUTH_DISCOVERY_MODERN, anchor: 'authorization-server-metadata-discovery' },
    },
  },
  'AUTH-ISS': {
    severity: 'error',
    title: 'The authorization response carries iss (RFC 9207) as advertised, naming the issuer exactly',
    spec: { path: 'basic/authorization', anchor: 'authorization-response-validation', since: '2026-07-28' },
  },
  'AUTH-PKCE': {
    severity: 'error',
    title: 'The authorization server advertises PKCE with S256 (code_challenge_methods_supported)',
    spec: {
      ...AUTH_DISCOVERY,
      anchor: 'authorization-code-protection',
      modern: { path: 'basic/authorization/security-considerations', anchor: 'authorization-code-protection' },
    },
  },
  'AUTH-METADATA-FORMAT': {
    severity: 'error',
    title: 'Metadata documents are JSON objects served as application/json, not HTML or malformed',
    spec: { ...AUTH_DISCOVERY, anchor: 'authorization-server-discovery', modern: { ...AUTH_DISCOVERY, anchor: 'authorization-server-discovery' } },
  },
  'AUTH-DISCOVERY': {
    severity: 'error',
    title: 'Protected resource and authorization server metadata are found where MCP looks for them',
    spec: { ...AUTH_DISCOVERY, anchor: 'authorization-server-discovery', modern: { ...AUTH_DISCOVERY, anchor: 'authorization-server-discovery' } },
  },
  // --- tool schemas against the model providers' strict modes: one table, with the providers' pages (providers/table.ts) ---
  ...PROVIDER_RULES,
  ...TOOL_COUNT_RULES,
  // --- what models make of the tools, from an eval run in the page (evals/findings.ts) ---
  'MODEL-TOOLS-CONFUSED': {
    severity: 'warning',
    title: 'In an eval, a model picked one tool where another was expected: their names or descriptions may not tell them apart',
  },
  // --- MCP Apps (io.modelcontextprotocol/ui): the extension's own page (apps/rules.ts) ---
  ...APP_RULES,
} as const satisfies Record<string, { severity: Severity; title: string; spec?: SpecRef | ExtensionRef }>;

export type RuleId = keyof typeof RULES;

export const RULE_IDS = Object.keys(RULES) as RuleId[];

/** The address of a rule's section in the specification of `version`; empty for mcpscope's own rules. */
export function specUrl(ruleId: RuleId, version: string): string {
  const rule: { severity: Severity; spec?: SpecRef | ExtensionRef } = RULES[ruleId];
  const spec = rule.spec;
  if (!spec) return '';
  if ('url' in spec) return spec.url;
  // Versions are ISO dates, so they compare as strings.
  const at = spec.since !== undefined && version < spec.since ? spec.since : version;
  if (at >= MODERN && spec.modern) return `https://modelcontextprotocol.io/specification/${at}/${spec.modern.path}#${spec.modern.anchor}`;
  const path = at === '2024-11-05' && spec.path2024 ? spec.path2024 : spec.path;
  return `https://modelcontextprotocol.io/specification/${at}/${path}#${spec.anchor}`;
}
