// The content blocks of sampling messages and results, by protocol version:
// text and image from 2024-11-05, audio from 2025-03-26, tool_use and
// tool_result (and arrays of blocks) from 2025-11-25.

import { isRecord } from '../json/guards.js';

/** Sampling content types and the version that brought each (a Map: the type is peer-chosen). */
const SAMPLING_CONTENT_SINCE = new Map<string, string>([
  ['text', '2024-11-05'],
  ['image', '2024-11-05'],
  ['audio', '2025-03-26'],
  ['tool_use', '2025-11-25'],
  ['tool_result', '2025-11-25'],
]);

/** Since 2025-11-25 a sampling message's content may be an array of blocks. */
export const SAMPLING_ARRAYS_SINCE = '2025-11-25';

/** The blocks of a `content` field, whether one block or (2025-11-25) an array. */
export function samplingBlocks(content: unknown): unknown[] {
  if (content === undefined) return [];
  return Array.isArray(content) ? content : [content];
}

export function blockType(block: unknown): string | undefined {
  return isRecord(block) && typeof block.type === 'string' ? block.type : undefined;
}

/** What is wrong with one content block in `version`, or undefined. `where` names it ("messages[0].content[1]"). */
export function samplingBlockProblem(block: unknown, version: string, where: string): string | undefined {
  const type = blockType(block);
  if (!isRecord(block) || type === undefined) return `${where} is not a content block: it has no "type".`;
  const since = SAMPLING_CONTENT_SINCE.get(type);
  if (since === undefined) {
    return `${where} has content type ${JSON.stringify(type)}, which sampling does not have in any version (text, image, audio, tool_use, tool_result).`;
  }
  if (version < since) return `${where} has content type ${type}, which sampling has only from ${since}; ${version} is in use.`;
  switch (type) {
    case 'text':
      return typeof block.text === 'string' ? undefined : `${where} is a text block without a "text" string.`;
    case 'image':
    case 'audio':
      return typeof block.data === 'string' && typeof block.mimeType === 'string'
        ? undefined
        : `${where} is an ${type} block; it needs "data" (base64) and "mimeType" strings.`;
    case 'tool_use':
      return typeof block.id === 'string' && typeof block.name === 'string' && isRecord(block.input)
        ? undefined
        : `${where} is a tool_use block; it needs "id" and "name" strings and an "input" object.`;
    default:
      return typeof block.toolUseId === 'string' && Array.isArray(block.content)
        ? undefined
        : `${where} is a tool_result block; it needs a "toolUseId" string and a "content" array.`;
  }
}
