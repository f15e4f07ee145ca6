import { describe, expect, it } from 'vitest';
import { createLogStore, type LogInput } from './log-store.js';

const at = (direction: LogInput['direction'], raw: string, connection = 1): LogInput => ({ t: 0, connection, direction, raw });
const call = (id: number) => `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"t"}}`;
const answer = (id: number, resultType: string) => `{"jsonrpc":"2.0","id":${id},"result":{"resultType":"${resultType}"}}`;

describe('log store: multi-round conversations', () => {
  it('tags each round’s request and its answer with the conversation’s first request and the round number', () => {
    const queued: Array<() => void> = [];
    const store = createLogStore((run) => queued.push(run));
    const s = store.getState();
    s.append(at('out', '{"jsonrpc":"2.0","id":1,"method":"tools/list"}'));
    s.append(at('out', call(2)));
    s.tagRound(1, 2, 1, 1, 'tools/call');
    s.flush(); // round 1's request is published before its tag can reach it, and before its answer comes
    s.append(at('in', answer(2, 'input_required')));
    s.append(at('out', call(3)));
    s.tagRound(1, 3, 1, 2, 'tools/call');
    s.append(at('in', answer(3, 'complete')));
    s.flush();
    const tags = store.getState().entries.map((e) => e.conversation);
    const first = { firstSeq: 2, method: 'tools/call' };
    expect(tags).toEqual([undefined, { ...first, round: 1 }, { ...first, round: 1 }, { ...first, round: 2 }, { ...first, round: 2 }]);
    expect(store.getState().entries[1]!.pairSeq).toBe(3);
  });

  it('ignores a tag for a request that is not waiting, and keeps connections apart', () => {
    const store = createLogStore((run) => run());
    const s = store.getState();
    s.append(at('out', call(7), 2));
    s.tagRound(1, 7, 1, 1, 'tools/call');
    s.tagRound(2, 99, 1, 1, 'tools/call');
    expect(store.getState().entries[0]!.conversation).toBeUndefined();
  });
});
