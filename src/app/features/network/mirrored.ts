// Which request headers a 2026-07-28 POST mirrored from its body, so the
// Network view can set them apart: Mcp-Method / Mcp-Name from the request,
// Mcp-Param-* from tool arguments annotated with x-mcp-header; and what a
// Base64-sentinel value stands for.

import { decodeHeaderValue, MCP_METHOD_HEADER, MCP_NAME_HEADER, MCP_PARAM_HEADER_PREFIX } from '../../../protocol/index.js';

export interface MirroredHeader {
  /** Where the value came from, in a few words. */
  source: string;
  /** The value as the body has it, when the header carries it Base64-encoded. */
  decoded?: string;
}

export function mirroredHeader(name: string, value: string): MirroredHeader | undefined {
  const lower = name.toLowerCase();
  const source =
    lower === MCP_METHOD_HEADER
      ? 'mirrored from method'
      : lower === MCP_NAME_HEADER
        ? 'mirrored from params.name / params.uri'
        : lower.startsWith(MCP_PARAM_HEADER_PREFIX)
          ? 'mirrored from a tool argument (x-mcp-header)'
          : undefined;
  if (source === undefined) return undefined;
  const decoded = decodeHeaderValue(value);
  return decoded === value ? { source } : { source, decoded };
}
