// A saved server written out in each shape people paste elsewhere, every kept secret a placeholder.

import {
  CLIENT_SECRET_KEY,
  exportConfig,
  exportRegistryServer,
  isSecretKey,
  mcpscopeCommandLine,
  type SavedServerView,
  type ServerEntry,
} from '../../../protocol/index.js';

export const EXPORT_SHAPES = [
  { id: 'claude-desktop', label: 'Claude Desktop (claude_desktop_config.json)' },
  { id: 'claude-code', label: 'Claude Code (.mcp.json)' },
  { id: 'cursor', label: 'Cursor (.cursor/mcp.json)' },
  { id: 'windsurf', label: 'Windsurf (mcp_config.json)' },
  { id: 'vscode', label: 'VS Code (.vscode/mcp.json)' },
  { id: 'registry', label: 'MCP registry (server.json)' },
  { id: 'command-line', label: 'mcpscope command line' },
] as const;

export type ExportShape = (typeof EXPORT_SHAPES)[number]['id'];

export interface ExportText {
  text: string;
  /** Why (part of) the server is not in the text. */
  problems: string[];
}

/** The entry with every key whose value the proxy keeps counted as secret, so no export can hold it. */
export function exportableEntry(server: SavedServerView): ServerEntry {
  const kept = server.secretValues.filter((k) => k !== CLIENT_SECRET_KEY && !isSecretKey(server.entry, k));
  return { ...server.entry, secretKeys: [...server.entry.secretKeys, ...kept] };
}

export function exportText(server: SavedServerView, shape: ExportShape): ExportText {
  const entry = exportableEntry(server);
  if (shape === 'command-line') return { text: `${mcpscopeCommandLine(entry)}\n`, problems: [] };
  if (shape === 'registry') {
    const out = exportRegistryServer(entry);
    return out.ok ? { text: out.text, problems: [] } : { text: '', problems: [out.error] };
  }
  return exportConfig([entry], shape);
}
