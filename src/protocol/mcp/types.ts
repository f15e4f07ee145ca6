// The MCP result shapes the UI and CLI read (2024-11-05 … 2025-11-25). Fields
// are optional where servers differ in practice; parsers below never throw.

import { isRecord } from '../json/guards.js';
import type { Result } from '../result.js';

export interface Icon {
  src: string;
  mimeType?: string;
  sizes?: string[];
  theme?: 'light' | 'dark';
}

export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

export type JsonSchema = Record<string, unknown>;

export interface Tool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema;
  annotations?: ToolAnnotations;
  icons?: Icon[];
  /** 2025-11-25: whether the tool may (optional), must (required) or must not (forbidden, the default) be called as a task. */
  execution?: { taskSupport?: 'required' | 'optional' | 'forbidden' };
}

export interface TextContent {
  type: 'text';
  text: string;
}
export interface ImageContent {
  type: 'image';
  data: string;
  mimeType: string;
}
export interface AudioContent {
  type: 'audio';
  data: string;
  mimeType: string;
}
export interface ResourceLink {
  type: 'resource_link';
  uri: string;
  name?: string;
  title?: string;
  description?: string;
  mimeType?: string;
}
export interface ResourceContents {
  uri: string;
  mimeType?: string;
  text?: string;
  blob?: string;
}
export interface EmbeddedResource {
  type: 'resource';
  resource: ResourceContents;
}
/** A block of a type this client does not know: shown raw, never dropped. */
export interface UnknownContent {
  type: string;
  [key: string]: unknown;
}

export type ContentBlock = TextContent | ImageContent | AudioContent | ResourceLink | EmbeddedResource;

export interface CallToolResult {
  content: Array<ContentBlock | UnknownContent>;
  structuredContent?: unknown;
  isError?: boolean;
}

export interface Resource {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
  icons?: Icon[];
  /** audience, priority, lastModified: as the server sent them, checked where they are shown. */
  annotations?: unknown;
}

export interface ResourceTemplate {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  icons?: Icon[];
}

export interface PromptArgument {
  name: string;
  description?: string;
  required?: boolean;
}

export interface Prompt {
  name: string;
  title?: string;
  description?: string;
  arguments?: PromptArgument[];
  icons?: Icon[];
}

/** Check a tools/call result's shape; the raw result stays available to the caller. */
export function parseCallToolResult(result: unknown): Result<CallToolResult> {
  if (!isRecord(result)) return { ok: false, error: 'The tools/call result is not an object.' };
  if (!Array.isArray(result.content)) return { ok: false, error: 'The tools/call result has no "content" array.' };
  const bad = result.content.findIndex((b) => !isRecord(b) || typeof b.type !== 'string');
  if (bad >= 0) return { ok: false, error: `content[${bad}] is not a content block (an object with a "type").` };
  return { ok: true, value: result as unknown as CallToolResult };
}

/** Names of the list members and the method that lists them. */
export const LIST_METHODS = {
  tools: 'tools/list',
  resources: 'resources/list',
  resourceTemplates: 'resources/templates/list',
  prompts: 'prompts/list',
} as const;

export type ListKey = keyof typeof LIST_METHODS;
