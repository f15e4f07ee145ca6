// Destructive tools are called only after the user confirms. MCP's tool
// annotations are hints: readOnlyHint defaults to false and destructiveHint to
// true, so by the letter every unannotated tool is destructive. Asking before
// every call of every unannotated tool would teach people to click through, so
// mcpscope asks when the server itself says so: destructiveHint: true, or
// readOnlyHint: false without destructiveHint: false (the default then
// applies). readOnlyHint: true makes destructiveHint meaningless.

import type { Tool } from '../../../protocol/index.js';

export function needsConfirmation(tool: Tool): boolean {
  const a = tool.annotations;
  if (!a || a.readOnlyHint === true) return false;
  if (a.destructiveHint === true) return true;
  return a.readOnlyHint === false && a.destructiveHint === undefined;
}
