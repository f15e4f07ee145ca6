// Text renderings for the terminal.

import { base64ByteLength, decodeBase64, decodeLine, isTextualMime, mimeEssence, plural, type CallToolResult } from '../src/protocol/index.js';
import type { CommandResult } from './commands.js';

/** Decoded size of base64 text: padding characters carry no bytes. */
function base64Bytes(data: unknown): number {
  return base64ByteLength(String(data ?? ''));
}

/** Said where a value is too deep to print; the trace prints frames as the server wrote them. */
export const TOO_DEEP = 'nested too deeply to print (--verbose prints the raw frame)';

/** JSON text, or undefined when the value is nested too deeply for JSON.stringify (a server can send that). */
export function jsonText(value: unknown, indent?: number): string | undefined {
  try {
    return JSON.stringify(value, null, indent);
  } catch (err) {
    if (err instanceof RangeError) return undefined;
    throw err;
  }
}

export interface BlobView {
  /** "blob text/plain, 12 bytes, decoded as UTF-8" or "blob image/png, 190 bytes". */
  summary: string;
  /** The decoded text, for a blob whose mime type says text. */
  text?: string;
}

/**
 * A blob as the terminal shows it: text types (text/*, JSON, XML, +json/+xml)
 * decoded as UTF-8 (invalid bytes marked), anything else by type and size.
 */
export function blobView(blob: unknown, mimeType: unknown): BlobView {
  const type = typeof mimeType === 'string' && mimeType.trim() ? mimeType : 'application/octet-stream';
  const sized: BlobView = { summary: `blob ${type}, ${plural(base64Bytes(blob), 'byte')}` };
  if (typeof blob !== 'string' || !isTextualMime(mimeEssence(type))) return sized;
  const decoded = decodeBase64(blob);
  if (!decoded.ok) return { summary: `blob ${type}: ${decoded.error}` };
  const { text, invalidUtf8 } = decodeLine(decoded.bytes);
  const how = invalidUtf8 ? 'decoded as UTF-8; it is not valid UTF-8, bad bytes shown as \uFFFD' : 'decoded as UTF-8';
  return { summary: `blob ${type}, ${plural(decoded.bytes.length, 'byte')}, ${how}`, text };
}

/** One resources/read contents item (or an embedded resource): its text, or its blob. */
export function describeContents(item: Record<string, unknown>, label?: string): string {
  const prefix = label ? `${label}, ` : '';
  if (typeof item.text === 'string') return label ? `[${label}] ${item.text}` : item.text;
  if (typeof item.blob !== 'string') return `[${prefix}neither "text" nor "blob": nothing to show]`;
  const view = blobView(item.blob, item.mimeType);
  return view.text === undefined ? `[${prefix}${view.summary}]` : `[${prefix}${view.summary}]\n${view.text}`;
}

export function describeContent(block: unknown): string {
  if (typeof block !== 'object' || block === null) return String(jsonText(block));
  const b = block as Record<string, unknown>;
  switch (b.type) {
    case 'text':
      return String(b.text);
    case 'image':
    case 'audio':
      return `[${b.type} ${String(b.mimeType)}, ${plural(base64Bytes(b.data), 'byte')}]`;
    case 'resource_link':
      return `[link ${String(b.uri)}${b.name ? ` ${String(b.name)}` : ''}]`;
    case 'resource': {
      const r = (b.resource ?? {}) as Record<string, unknown>;
      return describeContents(r, `resource ${String(r.uri)}`);
    }
    default:
      return jsonText(b) ?? `[content block of type ${jsonText(String(b.type))}, ${TOO_DEEP}]`;
  }
}

/** A plain table: columns padded to the widest cell. */
export function table(rows: string[][]): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows.map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  '));
}

/** A tools/call result as lines: its content, structuredContent, and whether the tool failed. */
export function toolResult(result: CallToolResult): CommandResult {
  const text = (Array.isArray(result.content) ? result.content : []).map(describeContent);
  if (result.structuredContent !== undefined) text.push(`structuredContent: ${jsonText(result.structuredContent) ?? TOO_DEEP}`);
  if (result.isError) text.unshift('Tool error (isError: true):');
  return { ok: result.isError !== true, text, json: result };
}
