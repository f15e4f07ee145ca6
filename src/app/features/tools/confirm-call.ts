// Destructive tools are called only after the user confirms. MCP's tool
// annotations are hints: readOnlyHint defaults to false and destructiveHint to
// true, so by the letter every unannotated tool is destructive. Asking before
// every call of every unannotated tool would teach people to click through, so
// mcpscope asks when the server itself says so: destructiveHint: true, or
// readOnlyHint: false without destructiveHint: false (the default then
// applies). readOnlyHint: true makes destructiveHint meaningless. A call whose
// arguments say `dryRun: true`, to a tool whose inputSchema declares dryRun,
// changes nothing by the tool's own account: it is not held.

import { isRecord, type Tool } from '../../../protocol/index.js';

export function needsConfirmation(tool: Tool): boolean {
  const a = tool.annotations;
  if (!a || a.readOnlyHint === true) return false;
  if (a.destructiveHint === true) return true;
  return a.readOnlyHint === false && a.destructiveHint === undefined;
}

/** `dryRun: true` in the arguments of a tool whose inputSchema declares a dryRun argument (one it does not know might be ignored). */
export function isDryRun(tool: Tool, args: unknown): boolean {
  const properties = isRecord(tool.inputSchema) && isRecord(tool.inputSchema.properties) ? tool.inputSchema.properties : {};
  return Object.hasOwn(properties, 'dryRun') && isRecord(args) && args.dryRun === true;
}

/** Whether this call is held for confirmation: why not, when the tool would otherwise be asked about. */
export function confirmation(tool: Tool, args: unknown, notAskedAgain: readonly string[]): 'ask' | 'dry-run' | 'not-asked-again' | 'none' {
  if (!needsConfirmation(tool)) return 'none';
  if (isDryRun(tool, args)) return 'dry-run';
  return notAskedAgain.includes(tool.name) ? 'not-asked-again' : 'ask';
}

/** The sentence next to Call tool for a tool that is marked destructive. */
export function confirmationNote(kind: ReturnType<typeof confirmation>): string | undefined {
  switch (kind) {
    case 'ask':
      return 'Asks before calling: the server marks this tool destructive.';
    case 'dry-run':
      return 'dryRun: true, so this call does not ask for confirmation.';
    case 'not-asked-again':
      return 'Does not ask again for this tool until the next connection.';
    default:
      return undefined;
  }
}
