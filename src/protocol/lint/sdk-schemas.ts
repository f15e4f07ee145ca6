// Rule SCHEMA: method params and results checked against a published schema of
// the protocol — the official SDK's, which describes its latest version. Kept
// out of src/protocol/index.ts so the UI can load it lazily (it brings zod).

import * as sdk from '@modelcontextprotocol/sdk/types.js';

/** The protocol version these schemas describe. */
export const SDK_SCHEMA_VERSION: string = sdk.LATEST_PROTOCOL_VERSION;

export type SchemaSubject =
  | { kind: 'request' | 'notification'; sender: 'client' | 'server'; method: string; params: unknown }
  /** `task`: the request was task-augmented, so the result is a CreateTaskResult. */
  | { kind: 'result'; method: string; result: unknown; task?: boolean };

/** Problems of one message against the SDK's schema; empty when it fits or no schema applies. */
export type SchemaCheck = (subject: SchemaSubject) => string[];

interface Parser {
  safeParse(v: unknown): { success: true } | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string }> } };
}

// ping's result is left to PING-RESULT, which says more. Maps throughout: methods are
// server-chosen strings, and "constructor" must not find Object.prototype's.
const RESULTS = new Map<string, Parser>([
  ['initialize', sdk.InitializeResultSchema],
  ['tools/list', sdk.ListToolsResultSchema],
  ['tools/call', sdk.CallToolResultSchema],
  ['resources/list', sdk.ListResourcesResultSchema],
  ['resources/templates/list', sdk.ListResourceTemplatesResultSchema],
  ['resources/read', sdk.ReadResourceResultSchema],
  ['prompts/list', sdk.ListPromptsResultSchema],
  ['prompts/get', sdk.GetPromptResultSchema],
  ['completion/complete', sdk.CompleteResultSchema],
  ['sampling/createMessage', sdk.CreateMessageResultSchema],
  ['elicitation/create', sdk.ElicitResultSchema],
  ['roots/list', sdk.ListRootsResultSchema],
]);

interface MethodSchema extends Parser {
  shape: { method: { value: unknown } };
}

/** One schema per method, taken from the SDK's unions (a union's error would only say "invalid"). */
function byMethod(union: { options: readonly unknown[] }): Map<string, Parser> {
  const out = new Map<string, Parser>();
  for (const option of union.options as MethodSchema[]) {
    const method = option.shape.method.value;
    if (typeof method === 'string') out.set(method, option);
  }
  return out;
}

const MESSAGES: Record<'client' | 'server', Record<'request' | 'notification', Map<string, Parser>>> = {
  client: { request: byMethod(sdk.ClientRequestSchema), notification: byMethod(sdk.ClientNotificationSchema) },
  server: { request: byMethod(sdk.ServerRequestSchema), notification: byMethod(sdk.ServerNotificationSchema) },
};

function describe(issues: Array<{ path: PropertyKey[]; message: string }>, root: string): string[] {
  return issues.slice(0, 5).map((i) => `${[root, ...i.path.map(String)].join('.')}: ${i.message}`);
}

export const sdkSchemaCheck: SchemaCheck = (subject) => {
  if (subject.kind === 'result') {
    const parser = subject.task ? sdk.CreateTaskResultSchema : RESULTS.get(subject.method);
    if (!parser) return [];
    const r = parser.safeParse(subject.result);
    return r.success ? [] : describe(r.error.issues, 'result');
  }
  // A method the schema does not know is METHOD-UNKNOWN's business.
  const parser = MESSAGES[subject.sender][subject.kind].get(subject.method);
  if (!parser) return [];
  const message = subject.params === undefined ? { method: subject.method } : { method: subject.method, params: subject.params };
  const r = parser.safeParse(message);
  return r.success ? [] : describe(r.error.issues, subject.kind);
};
