// Rule SCHEMA for frames of the 2026-07-28 generation: params and results
// checked against the zod schemas of @modelcontextprotocol/core (the SDK's
// second major version, which speaks 2026-07-28). Those schemas serve both
// generations and are lenient (loose objects): they check what a message
// carries (tools, content, discover, subscriptions), while what is new in the
// envelope — resultType, ttlMs/cacheScope, the _meta keys, input_required — is
// judged by the MODERN-* rules, which say more. Loaded lazily with sdk-schemas.ts.

import * as core from '@modelcontextprotocol/core';
import { NEWEST_MODERN_VERSION } from '../versions.js';
import { byMethod, schemaCheck, type Parser, type SchemaCheck } from './schema-parsers.js';

/** The protocol version these schemas are used for. */
export const MODERN_SCHEMA_VERSION: string = NEWEST_MODERN_VERSION;

const RESULTS = new Map<string, Parser>([
  ['server/discover', core.DiscoverResultSchema],
  ['tools/list', core.ListToolsResultSchema],
  ['tools/call', core.CallToolResultSchema],
  ['resources/list', core.ListResourcesResultSchema],
  ['resources/templates/list', core.ListResourceTemplatesResultSchema],
  ['resources/read', core.ReadResourceResultSchema],
  ['prompts/list', core.ListPromptsResultSchema],
  ['prompts/get', core.GetPromptResultSchema],
  ['completion/complete', core.CompleteResultSchema],
  ['subscriptions/listen', core.SubscriptionsListenResultSchema],
]);

// Every message schema of the package is used: the methods of the initialize generation are
// MODERN-METHOD's to name, and their shape is checked as a 2025 one would be.
export const modernSchemaCheck: SchemaCheck = schemaCheck(RESULTS, {
  client: { request: byMethod(core.ClientRequestSchema), notification: byMethod(core.ClientNotificationSchema) },
  server: { request: byMethod(core.ServerRequestSchema), notification: byMethod(core.ServerNotificationSchema) },
});
