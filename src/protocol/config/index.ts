// Config files people already have (Claude Desktop, Claude Code, Cursor, Windsurf, VS Code, the MCP
// registry's server.json), read into server entries and written back.
export * from './entry.js';
export * from './substitute.js';
export type { ConfigImport, ConfigInput, ConfigProblem, ImportContext } from './problems.js';
export * from './import.js';
export * from './export.js';
export * from './export-registry.js';
export * from './command-line.js';
export * from './env-file.js';
export * from './server-list.js';
export * from './servers-json.js';
export * from './server-list-edits.js';
export * from './server-list-view.js';
export * from './wrap-entry.js';
