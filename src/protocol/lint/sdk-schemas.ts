// Rule SCHEMA: method params and results checked against a published schema of
// the protocol — the official SDK's, which describes its latest version; and,
// for frames of the 2026-07-28 generation, the schemas of the SDK's second major
// version (lint/modern-schemas.ts). Kept out of src/protocol/index.ts so the UI
// can load them lazily (they bring zod).

import * as sdk from '@modelcontextprotocol/sdk/types.js';
import { byMethod, schemaCheck, type Parser, type SchemaCheck } from './schema-parsers.js';

export type { SchemaCheck, SchemaSubject } from './schema-parsers.js';
export { MODERN_SCHEMA_VERSION, modernSchemaCheck } from './modern-schemas.js';

/** The protocol version these schemas describe. */
export const SDK_SCHEMA_VERSION: string = sdk.LATEST_PROTOCOL_VERSION;

// ping's result is left to PING-RESULT, which says more.
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

export const sdkSchemaCheck: SchemaCheck = schemaCheck(
  RESULTS,
  {
    client: { request: byMethod(sdk.ClientRequestSchema), notification: byMethod(sdk.ClientNotificationSchema) },
    server: { request: byMethod(sdk.ServerRequestSchema), notification: byMethod(sdk.ServerNotificationSchema) },
  },
  sdk.CreateTaskResultSchema,
);
