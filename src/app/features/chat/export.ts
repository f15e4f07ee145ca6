// The conversation as a JSON file: the settings, what the model was given (with tool calls and results) and what
// was shown (each turn's tokens, latency and stop reason; each tool call's server, arguments, result and duration).
import { offerDownload } from '../../download.js';
import type { ChatRunSettings } from './chat-settings.js';
import type { ChatEntry, ChatState } from './chat-store.js';

export type ExportedConversation = Pick<ChatState, 'model' | 'messages' | 'entries'> & { settings: ChatRunSettings | undefined };

/** A tool entry without its Tools-store record (the tool's schema, the raw frames: those are in the Log), with the call's duration. */
function exportedEntry(entry: ChatEntry): unknown {
  if (entry.kind !== 'tool') return entry;
  const { record, ...rest } = entry;
  return record ? { ...rest, durationMs: record.durationMs, ...(record.rounds !== undefined ? { rounds: record.rounds } : {}) } : rest;
}

export function conversationJson({ model, settings, messages, entries }: ExportedConversation): string {
  return JSON.stringify({ model, settings: settings ?? null, messages, entries: entries.map(exportedEntry) }, null, 2);
}

export function exportConversation(conversation: ExportedConversation): void {
  offerDownload('mcpscope-chat.json', conversationJson(conversation), 'application/json');
}
