import { describe, expect, it } from 'vitest';
import type { RequestOutcome } from '../session/types.js';
import { listAll } from './paginate.js';

function fakeSession(pages: Array<unknown>) {
  const calls: unknown[] = [];
  return {
    calls,
    request: async (_method: string, params?: unknown): Promise<RequestOutcome> => {
      calls.push(params);
      const result = pages[calls.length - 1];
      const request = { id: calls.length, method: _method, raw: '', sentAt: 0 };
      if (result instanceof Error) return { status: 'timeout', request, elapsedMs: 1, message: result.message };
      return {
        status: 'result',
        request,
        response: { raw: '', frame: { kind: 'invalid', code: 'empty', reason: '' }, receivedAt: 0, idTypeMismatch: false },
        result,
        rttMs: 1,
      };
    },
  };
}

describe('listAll', () => {
  it('follows nextCursor to the last page', async () => {
    const s = fakeSession([{ tools: [{ name: 'a' }], nextCursor: 'c1' }, { tools: [{ name: 'b' }], nextCursor: 'c2' }, { tools: [{ name: 'c' }] }]);
    const r = await listAll<{ name: string }>(s, 'tools');
    expect(r.items.map((t) => t.name)).toEqual(['a', 'b', 'c']);
    expect(r.pages).toBe(3);
    expect(s.calls).toEqual([{}, { cursor: 'c1' }, { cursor: 'c2' }]);
    expect(r.error).toBeUndefined();
  });

  it('stops on a repeated cursor and keeps what arrived', async () => {
    const s = fakeSession([
      { tools: [{ name: 'a' }], nextCursor: 'x' },
      { tools: [{ name: 'b' }], nextCursor: 'x' },
    ]);
    const r = await listAll(s, 'tools');
    expect(r.items).toHaveLength(2);
    expect(r.error).toMatch(/repeated the cursor/);
  });

  it('reports a failed page and a malformed result', async () => {
    expect((await listAll(fakeSession([{ tools: [], nextCursor: 'a' }, new Error('No response')]), 'tools')).error).toBe('No response');
    expect((await listAll(fakeSession([{ nope: 1 }]), 'resources')).error).toMatch(/no "resources" array/);
  });
});
