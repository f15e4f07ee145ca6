import { describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT_FEATURES } from '../session/client-capabilities.js';
import { answerTaskInput } from './task-input.js';

describe('answerTaskInput (2026 task input requests)', () => {
  const handlers = { 'roots/list': () => ({ result: { roots: [] } }) };

  it("runs the page's handler of the method, refusing a method switched off or not handled", async () => {
    expect(await answerTaskInput(handlers, DEFAULT_CLIENT_FEATURES, 'roots/list', {}, 't')).toEqual({ result: { roots: [] } });
    expect(await answerTaskInput(handlers, { ...DEFAULT_CLIENT_FEATURES, roots: false }, 'roots/list', {}, 't')).toEqual({
      error: { code: -32601, message: "roots/list is not answered (switched off in mcpscope's client capabilities)" },
    });
    expect(await answerTaskInput(handlers, DEFAULT_CLIENT_FEATURES, 'sampling/createMessage', {}, 't')).toEqual({
      error: { code: -32601, message: 'sampling/createMessage is not answered (mcpscope does not handle it)' },
    });
  });
});
