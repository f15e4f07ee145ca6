// `mcpscope conformance URL`: what the official conformance suite runs for its
// client scenarios (it appends the URL and names the scenario in
// MCP_CONFORMANCE_SCENARIO). The client does what any scenario needs of it:
// initialize, list the tools, call each one with the arguments the scenario
// names in MCP_CONFORMANCE_CONTEXT (else the ones its schema asks for), answer
// elicitations with their defaults, then close the session. A tool whose
// x-mcp-header annotations are invalid is excluded, as a client must.

import {
  isKnownProtocolVersion,
  isRecord,
  listAll,
  ListFailed,
  outcomeMessage,
  settleList,
  toolHeaderRejection,
  type HttpAuthConfig,
  type VersionChoice,
  type Tool,
} from '../src/protocol/index.js';
import type { CommandResult } from './commands.js';
import type { CliConnection } from './connection.js';

/** A value for each required property: its default, else a plain value of its type. */
export function sampleArguments(schema: unknown): Record<string, unknown> {
  if (!isRecord(schema)) return {};
  const props = isRecord(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];
  const args: Record<string, unknown> = {};
  for (const name of required) {
    const p = isRecord(props[name]) ? props[name] : {};
    if ('default' in p) args[name] = p.default;
    else if (Array.isArray(p.enum) && p.enum.length) args[name] = p.enum[0];
    else {
      const type = Array.isArray(p.type) ? p.type[0] : p.type;
      args[name] = type === 'number' || type === 'integer' ? 1 : type === 'boolean' ? true : type === 'object' ? {} : type === 'array' ? [] : 'test';
    }
  }
  return args;
}

/** The version the suite runs the scenario at (MCP_CONFORMANCE_PROTOCOL_VERSION), when mcpscope speaks it. */
export function conformanceVersion(fallback: VersionChoice, suiteVersion: string | undefined): VersionChoice {
  return isKnownProtocolVersion(suiteVersion) ? suiteVersion : fallback;
}

/** The argument sets the scenario asks for, by tool name (MCP_CONFORMANCE_CONTEXT's `toolCalls`). */
export function contextToolCalls(context: string | undefined): Map<string, Array<Record<string, unknown>>> {
  const calls = new Map<string, Array<Record<string, unknown>>>();
  let parsed: unknown;
  try {
    parsed = context === undefined ? undefined : JSON.parse(context);
  } catch {
    return calls;
  }
  const list = isRecord(parsed) && Array.isArray(parsed.toolCalls) ? parsed.toolCalls : [];
  for (const call of list) {
    if (!isRecord(call) || typeof call.name !== 'string') continue;
    const args = isRecord(call.arguments) ? call.arguments : {};
    calls.set(call.name, [...(calls.get(call.name) ?? []), args]);
  }
  return calls;
}

/**
 * The conformance client's Client ID Metadata Document URL. The suite's auth/basic-cimd
 * scenario checks that the client uses exactly this URL as its client_id where the
 * authorization server advertises client_id_metadata_document_supported, but its
 * context does not name it (and nobody fetches it), so the conformance client
 * declares it as its own. Elsewhere the server does not advertise CIMD, and the
 * client registers dynamically as usual.
 */
export const CONFORMANCE_CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';

/**
 * How the conformance client authorizes: quick mode, with the pre-registered
 * credentials the scenario's context gives (client_id, client_secret: auth/pre-registration),
 * else the conformance client's metadata document. What the command line said wins.
 */
export function conformanceAuth(config: HttpAuthConfig, context: string | undefined): HttpAuthConfig {
  let parsed: unknown;
  try {
    parsed = context === undefined ? undefined : JSON.parse(context);
  } catch {
    parsed = undefined;
  }
  const given = (key: string): string | undefined => (isRecord(parsed) && typeof parsed[key] === 'string' && parsed[key] !== '' ? parsed[key] : undefined);
  if (config.clientId !== undefined || config.clientMetadataUrl !== undefined) return config;
  const clientId = given('client_id');
  if (clientId === undefined) return { ...config, clientMetadataUrl: CONFORMANCE_CLIENT_METADATA_URL };
  const clientSecret = given('client_secret');
  return { ...config, clientId, ...(clientSecret !== undefined && { clientSecret }) };
}

export async function runConformanceClient(c: CliConnection): Promise<CommandResult> {
  const text: string[] = [`scenario ${process.env.MCP_CONFORMANCE_SCENARIO ?? '(none named)'}: initialized, protocol ${c.info?.protocolVersion}`];
  let ok = true;
  if (isRecord(c.info?.capabilities.tools)) {
    // The tools listed before a failure are still called.
    const tools = await settleList(listAll<Tool>(c, 'tools'));
    if (tools instanceof ListFailed) {
      text.push(tools.message);
      ok = false;
    }
    const asked = contextToolCalls(process.env.MCP_CONFORMANCE_CONTEXT);
    for (const tool of tools.items) {
      const rejection = toolHeaderRejection(tool);
      if (rejection !== undefined) {
        text.push(`tools/call ${tool.name}: not called. ${rejection}`);
        continue;
      }
      for (const args of asked.get(tool.name) ?? [sampleArguments(tool.inputSchema)]) {
        const outcome = await c.request('tools/call', { name: tool.name, arguments: args });
        text.push(`tools/call ${tool.name}: ${outcome.status === 'result' ? 'ok' : outcomeMessage(outcome)}`);
        if (outcome.status !== 'result') ok = false;
      }
    }
  }
  return { ok, text, json: { ok } };
}
