// The shape of a prompts/get result, checked without throwing; a message that
// is malformed is kept with a note, never dropped.

import { isRecord } from '../../../protocol/index.js';

export interface CheckedMessage {
  role: string;
  content: unknown;
  /** What is wrong with this message, if anything. */
  problem?: string;
}

export type PromptResult = { ok: true; description?: string; messages: CheckedMessage[] } | { ok: false; error: string };

const ROLES = new Set(['user', 'assistant']);

function checkMessage(m: unknown, i: number): CheckedMessage {
  if (!isRecord(m)) return { role: '?', content: m, problem: `Message ${i + 1} is not an object.` };
  const role = typeof m.role === 'string' ? m.role : '?';
  const problems: string[] = [];
  if (!ROLES.has(role)) problems.push(`its role is ${JSON.stringify(m.role)}, not "user" or "assistant"`);
  if (!isRecord(m.content) || typeof m.content.type !== 'string') problems.push('its content is not a content block (an object with a "type")');
  const checked: CheckedMessage = { role, content: m.content };
  if (problems.length > 0) checked.problem = `In message ${i + 1}, ${problems.join(' and ')}.`;
  return checked;
}

export function parsePromptResult(result: unknown): PromptResult {
  if (!isRecord(result)) return { ok: false, error: 'The prompts/get result is not an object.' };
  if (!Array.isArray(result.messages)) return { ok: false, error: 'The prompts/get result has no "messages" array.' };
  const messages = result.messages.map(checkMessage);
  return typeof result.description === 'string' ? { ok: true, description: result.description, messages } : { ok: true, messages };
}
