import { describe, expect, it } from 'vitest';
import { classifyFrame, requestIdOf, type SingleFrame } from '../../../src/protocol/wire.js';
import type { UpstreamEvent } from '../types.js';
import { SessionState } from './session-state.js';

const frame = (text: string): SingleFrame => {
  const f = classifyFrame(text);
  if (f.kind === 'batch') throw new Error('one frame expected');
  return f;
};
const answer = (id: string) => frame(`{"jsonrpc":"2.0","id":${id},"result":{"protocolVersion":"2025-06-18","capabilities":{}}}`);

describe('SessionState: the answer to initialize', () => {
  it('is paired as the ledger pairs: "1" does not answer initialize 1, 1 does', () => {
    const events: UpstreamEvent[] = [];
    const state = new SessionState('undecided', (e) => events.push(e));
    state.initializeId = requestIdOf(1);
    state.noteInitialize([answer('"1"')]);
    expect(state).toMatchObject({ mode: 'undecided', protocolVersion: undefined });
    expect(events).toEqual([]);
    state.noteInitialize([answer('1')]);
    expect(state).toMatchObject({ mode: 'streamable-http', protocolVersion: '2025-06-18', initializeId: undefined });
    expect(events).toMatchObject([{ type: 'http-mode', mode: 'streamable-http' }]);
  });
});
