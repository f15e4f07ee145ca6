// The conversation as a JSON file: what the model was given (with tool calls and results) and what was shown.
import type { ChatState } from './chat-store.js';

function conversationJson(state: Pick<ChatState, 'model' | 'messages' | 'entries'>): string {
  return JSON.stringify({ model: state.model, messages: state.messages, entries: state.entries }, null, 2);
}

export function exportConversation(state: Pick<ChatState, 'model' | 'messages' | 'entries'>): void {
  const url = URL.createObjectURL(new Blob([conversationJson(state)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = 'mcpscope-chat.json';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
