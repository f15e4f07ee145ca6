// The person's reply to a sampling request, from the reply form's fields to a
// CreateMessageResult — checked with the same rule (SAMPLING-RESULT) the
// linter applies, so mcpscope never sends an answer it would flag itself.

// Arrays of content blocks came with tool use, in 2025-11-25.
import { SAMPLING_TOOLS_SINCE, isRecord, samplingResult, samplingResultProblems } from '../../../protocol/index.js';
import type { PendingSampling } from './sampling-store.js';

/** The standard stop reasons the form offers; the field is an open string, so "custom" takes any other. */
export const STOP_REASONS = ['endTurn', 'stopSequence', 'maxTokens', 'toolUse'] as const;

export interface AttachedMedia {
  type: 'image' | 'audio';
  mimeType: string;
  /** base64 */
  data: string;
  fileName: string;
}

export interface ToolUseDraft {
  name: string;
  /** The tool's input, as JSON text. */
  inputText: string;
}

export interface ReplyDraft {
  text: string;
  media?: AttachedMedia;
  model: string;
  /** A standard stop reason, "custom" (then customStopReason), or "" for none. */
  stopReason: string;
  customStopReason: string;
  toolUses: ToolUseDraft[];
}

export type BuiltReply = { ok: true; result: Record<string, unknown>; summary: string } | { ok: false; problems: string[] };

export function buildReply(draft: ReplyDraft, pending: Pick<PendingSampling, 'n' | 'params' | 'version'>): BuiltReply {
  const problems: string[] = [];
  const content: Array<Record<string, unknown>> = [];
  if (draft.text !== '') content.push({ type: 'text', text: draft.text });
  if (draft.media) content.push({ type: draft.media.type, data: draft.media.data, mimeType: draft.media.mimeType });
  for (const [i, use] of draft.toolUses.entries()) {
    let input: unknown;
    try {
      input = use.inputText.trim() === '' ? {} : JSON.parse(use.inputText);
    } catch (e) {
      problems.push(`Tool use ${i + 1} (${use.name}): the input is not JSON (${e instanceof Error ? e.message : String(e)}).`);
      continue;
    }
    if (!isRecord(input)) {
      problems.push(`Tool use ${i + 1} (${use.name}): the input must be a JSON object, like {"city": "Paris"}.`);
      continue;
    }
    content.push({ type: 'tool_use', id: `toolu_${pending.n}_${i + 1}`, name: use.name, input });
  }
  if (problems.length) return { ok: false, problems };
  if (content.length === 0) return { ok: false, problems: ['Write a reply text, attach an image or audio file, or add a tool use.'] };
  if (content.length > 1 && pending.version < SAMPLING_TOOLS_SINCE) {
    return {
      ok: false,
      problems: [`${pending.version} allows one content block in a sampling result, and this reply has ${content.length}: keep only one.`],
    };
  }
  const stopReason = draft.stopReason === 'custom' ? draft.customStopReason.trim() : draft.stopReason;
  const model = draft.model.trim();
  if (model === '') return { ok: false, problems: ['Name the model the reply comes from (any name; servers may show or log it).'] };
  const result = samplingResult({ content, model, ...(stopReason ? { stopReason } : {}) });
  const ruled = samplingResultProblems(result, pending.params, pending.version);
  if (ruled.length) return { ok: false, problems: ruled };
  const kinds = content.map((c) => String(c.type)).join(' + ');
  return { ok: true, result, summary: `Replied with ${kinds} as ${model}${stopReason ? `, stopReason ${stopReason}` : ''}.` };
}

/** A file the person picked, as image or audio content; a sentence when it is neither. */
export function mediaOf(fileName: string, mimeType: string, base64: string): AttachedMedia | string {
  const type = mimeType.startsWith('image/') ? 'image' : mimeType.startsWith('audio/') ? 'audio' : undefined;
  if (type === undefined) {
    return `${fileName} is ${mimeType ? `of type ${mimeType}` : 'of an unknown type'}; a sampling reply can carry an image or audio file only.`;
  }
  return { type, mimeType, data: base64, fileName };
}
