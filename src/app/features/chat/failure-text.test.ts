import { describe, expect, it } from 'vitest';
import { chatFailureText } from './failure-text.js';

const timeout = {
  kind: 'timeout' as const,
  message: 'OpenAI did not answer within 2000 ms (http://127.0.0.1:1/v1); try again, or allow longer.',
  retryable: true,
};

describe("the chat's failure sentence", () => {
  it('says a timeout as the sampling card does: the model, the limit in use, where to set it, then what to do', () => {
    expect(chatFailureText({ kind: 'failure', failure: timeout, asked: { model: 'openai/gpt-5', timeoutSeconds: 2 } })).toBe(
      'openai/gpt-5 timed out: it did not answer within 2 s (set under Models in the settings). Try again, or allow longer.',
    );
    expect(chatFailureText({ kind: 'failure', failure: timeout, asked: { model: 'openai/gpt-5', timeoutSeconds: undefined } })).toBe(
      "openai/gpt-5 timed out: it did not answer within 120 s (the proxy's default; set another under Models in the settings). Try again, or allow longer.",
    );
  });

  it('says any other failure in its own words', () => {
    const auth = { kind: 'auth' as const, message: 'Incorrect API key provided.', retryable: false };
    expect(chatFailureText({ kind: 'failure', failure: auth, asked: { model: 'openai/gpt-5', timeoutSeconds: 2 } })).toBe(
      'The model did not answer: Incorrect API key provided.',
    );
  });
});
