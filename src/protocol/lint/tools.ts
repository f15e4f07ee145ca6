// Tool rules: definitions from tools/list, results of tools/call (content
// types in the version, base64, structuredContent against outputSchema).

import type { Tool } from '../mcp/types.js';
import { MAX_NESTING, patternFacts } from '../schema/schema-patterns.js';
import { formatProblems, validateAgainstSchema } from '../schema/validate.js';
import { nestsDeeperThan } from '../schema/walk.js';
import type { Report } from './report.js';
import { isRecord } from '../json/guards.js';
import { listedTools } from '../mcp/listed-tools.js';
import type { SessionFacts } from './state.js';

const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Content block types and the version that introduced each (a Map: the type is server-chosen). */
const CONTENT_SINCE = new Map<string, string>([
  ['text', '2024-11-05'],
  ['image', '2024-11-05'],
  ['resource', '2024-11-05'],
  ['audio', '2025-03-26'],
  ['resource_link', '2025-06-18'],
]);

export function checkToolsList(facts: SessionFacts, result: unknown, report: Report): void {
  for (const [i, tool] of (listedTools(result) ?? []).entries()) {
    if (!isRecord(tool)) {
      report('TOOL-DEF', `tools[${i}] is not an object.`, 'server');
      continue;
    }
    const name = typeof tool.name === 'string' ? tool.name : `tools[${i}]`;
    if (typeof tool.name !== 'string') report('TOOL-DEF', `tools[${i}] has no name.`, 'server');
    else if (facts.version >= '2025-11-25' && !TOOL_NAME.test(tool.name)) {
      report('TOOL-DEF', `Tool name ${JSON.stringify(tool.name)} should be 1–128 characters of A–Z, a–z, 0–9, _ . -`, 'server', 'warning');
    }
    const schema = tool.inputSchema;
    if (!isRecord(schema)) {
      report(
        'TOOL-DEF',
        `Tool ${name}: inputSchema is ${schema === undefined ? 'missing' : JSON.stringify(schema)}; it must be a JSON Schema object.`,
        'server',
      );
    } else if (schema.type !== 'object') {
      report('TOOL-DEF', `Tool ${name}: inputSchema must have type "object" at its root, not ${JSON.stringify(schema.type)}.`, 'server');
    }
    if (tool.outputSchema !== undefined && !isRecord(tool.outputSchema)) {
      report('TOOL-DEF', `Tool ${name}: outputSchema is not a JSON Schema object.`, 'server');
    }
    checkSchemaLimits(name, 'inputSchema', schema, report);
    checkSchemaLimits(name, 'outputSchema', tool.outputSchema, report);
    if (typeof tool.name === 'string') facts.tools.set(tool.name, tool as unknown as Tool);
  }
}

/** What of a schema mcpscope cannot check safely: too deep, or patterns and formats it leaves unchecked. */
function checkSchemaLimits(name: string, which: string, schema: unknown, report: Report): void {
  if (!isRecord(schema)) return;
  if (nestsDeeperThan(schema, MAX_NESTING)) {
    report('TOOL-SCHEMA-SAFE', `Tool ${name}: ${which} nests more than ${MAX_NESTING} levels deep; mcpscope neither renders nor checks it.`, 'server');
    return;
  }
  for (const line of patternFacts(schema).notChecked) report('TOOL-SCHEMA-SAFE', `Tool ${name}: ${which} ${line}.`, 'server');
}

function checkBase64(where: string, data: unknown, report: Report): void {
  if (typeof data !== 'string' || !BASE64.test(data)) {
    report('TOOL-CONTENT', `${where} is not valid base64.`, 'server');
  }
}

export function checkToolResult(facts: SessionFacts, toolName: unknown, result: unknown, report: Report): void {
  if (!isRecord(result)) return;
  const content = Array.isArray(result.content) ? result.content : [];
  if (!Array.isArray(result.content)) report('TOOL-CONTENT', 'The tools/call result has no content array.', 'server');
  for (const [i, block] of content.entries()) {
    if (!isRecord(block) || typeof block.type !== 'string') {
      report('TOOL-CONTENT', `content[${i}] is not a content block.`, 'server');
      continue;
    }
    const since = CONTENT_SINCE.get(block.type);
    if (since === undefined) report('TOOL-CONTENT', `content[${i}] has unknown type ${JSON.stringify(block.type)}.`, 'server', 'warning');
    else if (facts.version < since) {
      report('TOOL-CONTENT', `content[${i}] is ${block.type}, which exists only from ${since}; ${facts.version} is in use.`, 'server');
    }
    if (block.type === 'image' || block.type === 'audio') checkBase64(`content[${i}].data (${block.type})`, block.data, report);
    if (block.type === 'resource' && isRecord(block.resource) && Object.hasOwn(block.resource, 'blob')) {
      checkBase64(`content[${i}].resource.blob`, block.resource.blob, report);
    }
  }
  const tool = typeof toolName === 'string' ? facts.tools.get(toolName) : undefined;
  if (!tool?.outputSchema || result.isError === true) return;
  if (!Object.hasOwn(result, 'structuredContent')) {
    report('TOOL-OUTPUT', `Tool ${tool.name} declares an outputSchema but returned no structuredContent.`, 'server');
    return;
  }
  const verdict = validateAgainstSchema(tool.outputSchema, result.structuredContent);
  if ('schemaError' in verdict) {
    const severity = verdict.beyondLimits ? 'warning' : 'error';
    report('TOOL-OUTPUT', `Tool ${tool.name}: structuredContent could not be checked against its outputSchema: ${verdict.schemaError}`, 'server', severity);
  } else if (!verdict.valid) {
    report('TOOL-OUTPUT', `Tool ${tool.name}: structuredContent does not match its outputSchema: ${formatProblems(verdict.problems).join('; ')}`, 'server');
  }
  if (!content.some((b) => isRecord(b) && b.type === 'text')) {
    report('TOOL-OUTPUT', `Tool ${tool.name} returned structuredContent without a text block mirroring it.`, 'server', 'warning');
  }
}
