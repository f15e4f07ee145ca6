// What the chat says when the model did not answer.
import { failureSentence } from '../models/model-answer.js';
import type { ChatEntry } from './chat-store.js';

/** A timeout in the sampling card's words, with the chat's next step; any other failure in its own words. */
export function chatFailureText({ failure, asked }: Extract<ChatEntry, { kind: 'failure' }>): string {
  if (failure.kind === 'timeout' && asked) return failureSentence(failure, asked.model, asked.timeoutSeconds, 'Try again, or allow longer.');
  return `The model did not answer: ${failure.message}`;
}
