// The lint rules: one id each, a default severity, a one-line title in our own
// words, and the part of the specification it rests on.

export type Severity = 'error' | 'warning' | 'info';

export interface SpecRef {
  /** Path under /specification/<version>/, e.g. "basic/lifecycle". */
  path: string;
  anchor: string;
  /** Where 2024-11-05 kept it elsewhere. */
  path2024?: string;
}

const MESSAGES = { path: 'basic', path2024: 'basic/messages' };

/** An extension's rules link to the extension's page, whatever the version. */
interface ExtensionRef {
  url: string;
}
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
    spec: { path: 'basic/transports', anchor: 'sending-messages-to-the-server' },
  },
  'BATCH-INIT': { severity: 'error', title: 'initialize must not be part of a batch', spec: { path: 'basic/lifecycle', anchor: 'initialization' } },
  'METHOD-UNKNOWN': {
    severity: 'error',
    title: 'The method does not exist for this version and direction',
    spec: { path: 'basic/lifecycle', anchor: 'operation' },
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
    spec: { path: 'basic/utilities/cancellation', anchor: 'behavior-requirements' },
  },
  'CANCEL-TARGET': {
    severity: 'info',
    title: 'A cancellation names an in-progress request sent in the same direction',
    spec: { path: 'basic/utilities/cancellation', anchor: 'behavior-requirements' },
  },
  'CANCEL-THEN-RESPONSE': {
    severity: 'info',
    title: 'A cancelled request should get no response',
    spec: { path: 'basic/utilities/cancellation', anchor: 'behavior-requirements' },
  },
  'CANCEL-THEN-PROGRESS': {
    severity: 'warning',
    title: 'Work on a cancelled request stops: no more progress',
    spec: { path: 'basic/utilities/cancellation', anchor: 'behavior-requirements' },
  },
  'PROG-TOKEN': {
    severity: 'warning',
    title: 'Progress names the token of an active request',
    spec: { path: 'basic/utilities/progress', anchor: 'behavior-requirements' },
  },
  'PROG-MONOTONIC': {
    severity: 'error',
    title: 'Progress must increase with each notification',
    spec: { path: 'basic/utilities/progress', anchor: 'behavior-requirements' },
  },
  'PING-PARAMS': { severity: 'warning', title: 'ping takes no parameters', spec: { path: 'basic/utilities/ping', anchor: 'message-format' } },
  'PING-RESULT': {
    severity: 'error',
    title: 'ping is answered promptly with an empty result',
    spec: { path: 'basic/utilities/ping', anchor: 'behavior-requirements' },
  },
  'STDIO-NONMSG': { severity: 'error', title: 'A stdio server writes only MCP messages to stdout', spec: { path: 'basic/transports', anchor: 'stdio' } },
  'STDIO-NEWLINE': { severity: 'error', title: 'A stdio message must not contain embedded newlines', spec: { path: 'basic/transports', anchor: 'stdio' } },
  'HTTP-ACCEPT': {
    severity: 'error',
    title: 'Requests list both JSON and SSE in Accept',
    spec: { path: 'basic/transports', anchor: 'sending-messages-to-the-server' },
  },
  'HTTP-202': {
    severity: 'error',
    title: 'Accepted notifications and responses get 202 with no body; requests get JSON or SSE',
    spec: { path: 'basic/transports', anchor: 'sending-messages-to-the-server' },
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
  'TASK-EXT-METHOD': {
    severity: 'error',
    title: 'The tasks extension has tasks/get, tasks/update and tasks/cancel: no tasks/list, no tasks/result',
    spec: { url: `${TASKS_EXTENSION_DOC}#how-tasks-work` },
  },
  'LINT-INTERNAL': { severity: 'warning', title: 'A lint rule of mcpscope failed (a bug of mcpscope, not of the server)' },
} as const satisfies Record<string, { severity: Severity; title: string; spec?: SpecRef | ExtensionRef }>;

export type RuleId = keyof typeof RULES;

export const RULE_IDS = Object.keys(RULES) as RuleId[];

/** The address of a rule's section in the specification of `version`; empty for mcpscope's own rules. */
export function specUrl(ruleId: RuleId, version: string): string {
  const rule: { severity: Severity; spec?: SpecRef | ExtensionRef } = RULES[ruleId];
  const spec = rule.spec;
  if (!spec) return '';
  if ('url' in spec) return spec.url;
  const path = version === '2024-11-05' && spec.path2024 ? spec.path2024 : spec.path;
  return `https://modelcontextprotocol.io/specification/${version}/${path}#${spec.anchor}`;
}
