// The chat's tool-use loop, without a page: the tools of several servers offered to one model under names it
// cannot confuse, a tool_use checked against what was offered, and a tool's result as the tool_result the model
// reads (cut past a size; the whole result stays in the Log).
import { isRecord } from '../json/guards.js';
import { toolVisibility } from '../apps/tool-ui.js';
import { validateAgainstSchema } from '../schema/validate.js';
import type { ModelContent, ModelTool } from './contract.js';
import { OPENAI_MAX_DESCRIPTION } from './description-limit.js';

export { MAX_TOOL_ROUNDS } from './chat-rounds.js';
/** Characters of a tool result the model is given; past it the result is cut, with a note. */
export const TOOL_RESULT_LIMIT = 20_000;

/** Providers take tool names of letters, digits, `_` and `-`, at most 64 long (Anthropic's and OpenAI's rule). */
const NAME_LIMIT = 64;
const providerSafe = (text: string): string => text.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, NAME_LIMIT) || 'tool';

/** One connection's tools, as the chat offers them. */
export interface ChatToolSource<T extends ModelTool = ModelTool> {
  /** Which connection (the page's scope id). */
  key: number;
  /** The server's name as the person sees it. */
  label: string;
  tools: readonly T[];
}

export interface ChatTool<T extends ModelTool = ModelTool> {
  /** The name the model is given. */
  chatName: string;
  key: number;
  label: string;
  tool: T;
}

/** MCP Apps: a tool whose `_meta.ui.visibility` leaves out "model" is for its app alone, never offered to the model. */
const forTheModel = (tool: ModelTool): boolean => toolVisibility(tool).includes('model');

/**
 * A tool for the model (not one only its app may call) keeps its own name while no other chosen server has one of that name; same-named tools are all given
 * `SERVER__TOOL` (the server's label, made provider-safe), and a number when even that repeats. The description
 * says which server the tool is on, so the model is told too.
 */
export function chatTools<T extends ModelTool>(sources: readonly ChatToolSource<T>[]): ChatTool<T>[] {
  const offered = sources.map((s) => ({ ...s, tools: s.tools.filter(forTheModel) }));
  const counts = new Map<string, number>();
  for (const s of offered) for (const t of s.tools) counts.set(providerSafe(t.name), (counts.get(providerSafe(t.name)) ?? 0) + 1);
  const taken = new Set<string>();
  const out: ChatTool<T>[] = [];
  for (const s of offered) {
    for (const tool of s.tools) {
      const own = providerSafe(tool.name);
      let name = (counts.get(own) ?? 0) > 1 ? providerSafe(`${providerSafe(s.label)}__${tool.name}`) : own;
      for (let n = 2; taken.has(name); n++) name = `${name.slice(0, NAME_LIMIT - String(n).length - 1)}_${n}`;
      taken.add(name);
      out.push({ chatName: name, key: s.key, label: s.label, tool });
    }
  }
  return out;
}

/** `text` in at most `max` UTF-16 units: cut with "…" when longer, never inside a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(max - 1, 0);
  if (end > 0 && /[\uD800-\uDBFF]/.test(text[end - 1]!)) end--;
  return `${text.slice(0, end)}…`;
}

/**
 * The server's description, then the note of where the tool is, within OpenAI's limit: the server's text is cut
 * with "…" to leave the note room (a description the server's lint passes is never refused for the note).
 */
function describedWithNote(own: string, note: string): string {
  const joined = own === '' ? note : `${own}\n\n${note}`;
  if (joined.length <= OPENAI_MAX_DESCRIPTION) return joined;
  const room = OPENAI_MAX_DESCRIPTION - note.length - 2;
  // A server label so long the note alone does not fit: the note, cut.
  return room > 0 ? `${cut(own, room)}\n\n${note}` : cut(note, OPENAI_MAX_DESCRIPTION);
}

/** The tools as the model request carries them. */
export function modelToolsOf(offered: readonly ChatTool[]): ModelTool[] {
  return offered.map(({ chatName, label, tool }) => ({
    name: chatName,
    description: describedWithNote(tool.description ?? '', `(On the server "${label}"${chatName !== tool.name ? `, where it is named "${tool.name}"` : ''}.)`),
    inputSchema: tool.inputSchema,
  }));
}

export interface ToolUse {
  id: string;
  name: string;
  input: unknown;
}

/** The tool_use blocks of a model's reply. */
export function toolUsesOf(content: readonly ModelContent[]): ToolUse[] {
  return content
    .filter((b) => b.type === 'tool_use')
    .map((b, i) => ({ id: typeof b.id === 'string' ? b.id : `tool_use_${i}`, name: typeof b.name === 'string' ? b.name : '', input: b.input }));
}

export type ResolvedToolUse<T extends ModelTool> = { ok: true; tool: ChatTool<T>; arguments: Record<string, unknown> } | { ok: false; message: string };

/** The tool a tool_use names, with arguments its inputSchema accepts; else why it cannot be called (fed back to the model). */
export function resolveToolUse<T extends ModelTool>(use: ToolUse, offered: readonly ChatTool<T>[]): ResolvedToolUse<T> {
  const tool = offered.find((t) => t.chatName === use.name);
  if (!tool) {
    const names = offered.map((t) => t.chatName).join(', ') || 'none';
    return { ok: false, message: `There is no tool named "${use.name}". The tools offered are: ${names}.` };
  }
  if (!isRecord(use.input))
    return { ok: false, message: `The arguments of "${use.name}" must be a JSON object; they were ${JSON.stringify(use.input) ?? 'missing'}.` };
  const verdict = validateAgainstSchema(tool.tool.inputSchema, use.input);
  if (!verdict.valid && !('schemaError' in verdict)) {
    const problems = verdict.problems.map((p) => `${p.path || '(arguments)'}: ${p.message}`).join('; ');
    return { ok: false, message: `The arguments do not match the inputSchema of "${use.name}": ${problems}. Nothing was sent to the server.` };
  }
  return { ok: true, tool, arguments: use.input };
}

/** How much of a tool result the model was given, when it was cut: the first `given` characters of `whole`. */
export interface ResultCut {
  given: number;
  whole: number;
}

/** A tool_result block and, when its content was cut, by how much. */
export interface ToolResultOut {
  block: ModelContent;
  cut?: ResultCut;
}

/**
 * A tool_result block (MCP's ToolResultContent). Past `limit` characters (as JSON) its content becomes one text of
 * the first `limit` characters, with a note to the model; the cut is measured on that text.
 */
export function toolResult(toolUseId: string, content: readonly ModelContent[], isError: boolean, limit = TOOL_RESULT_LIMIT): ToolResultOut {
  const error = isError ? { isError: true } : {};
  if (JSON.stringify(content).length <= limit) return { block: { type: 'tool_result', toolUseId, content: [...content], ...error } };
  const text = content.map((b) => (b.type === 'text' && typeof b.text === 'string' ? b.text : JSON.stringify(b))).join('\n');
  if (text.length <= limit) return { block: { type: 'tool_result', toolUseId, content: [{ type: 'text', text }], ...error } };
  const note = `\n\n[mcpscope cut this result: it was ${text.length} characters, the first ${limit} are given here. The whole result is in the Log.]`;
  return {
    block: { type: 'tool_result', toolUseId, content: [{ type: 'text', text: text.slice(0, limit) + note }], ...error },
    cut: { given: limit, whole: text.length },
  };
}

/** A tool_result saying why the call was not made or failed. */
export const errorResult = (toolUseId: string, message: string): ModelContent => toolResult(toolUseId, [{ type: 'text', text: message }], true).block;

/** A tools/call result (CallToolResult) as a tool_result block, and its cut. */
export function callResult(toolUseId: string, result: unknown, limit = TOOL_RESULT_LIMIT): ToolResultOut {
  const content =
    isRecord(result) && Array.isArray(result.content) ? result.content.filter((b): b is ModelContent => isRecord(b) && typeof b.type === 'string') : [];
  const structured =
    isRecord(result) && result.structuredContent !== undefined && content.length === 0
      ? [{ type: 'text', text: JSON.stringify(result.structuredContent) }]
      : [];
  return toolResult(toolUseId, [...content, ...structured], isRecord(result) && result.isError === true, limit);
}
