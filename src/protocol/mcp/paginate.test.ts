import { describe, expect, it } from 'vitest';
import type { RequestOutcome } from '../session/types.js';
import { ListFailed, listAll } from './paginate.js';

function fakeSession(pages: Array<unknown>) {
  const calls: unknown[] = [];
  return {
    calls,
    request: async (_method: string, params?: unknown): Promise<RequestOutcome> => {
      calls.push(params);
      const result = pages[calls.length - 1];
      const request = { id: calls.length, method: _method, raw: '', sentAt: 0 };
      if (result instanceof Error) return { status: 'timeout', request, elapsedMs: 1, message: result.message };
      return { status: 'result', request, response: { raw: '', frame: { kind: 'invalid', code: 'empty', reason: '' }, receivedAt: 0 }, result, rttMs: 1 };
    },
  };
}

/** The ListFailed a list rejects with (fails the test if it resolves). */
async function failure<T>(listing: Promise<unknown>): Promise<ListFailed<T>> {
  const settled = await listing.then(
    (r) => ({ resolved: r }),
    (e: unknown) => ({ rejected: e }),
  );
  if (!('rejected' in settled)) throw new Error(`expected a rejection, got ${JSON.stringify(settled.resolved)}`);
  if (!(settled.rejected instanceof ListFailed)) throw new Error(`expected ListFailed, got ${String(settled.rejected)}`);
  return settled.rejected as ListFailed<T>;
}

describe('listAll', () => {
  it('follows nextCursor to the last page', async () => {
    const s = fakeSession([{ tools: [{ name: 'a' }], nextCursor: 'c1' }, { tools: [{ name: 'b' }], nextCursor: 'c2' }, { tools: [{ name: 'c' }] }]);
    const r = await listAll<{ name: string }>(s, 'tools');
    expect(r.items.map((t) => t.name)).toEqual(['a', 'b', 'c']);
    expect(r.pages).toBe(3);
    expect(s.calls).toEqual([{}, { cursor: 'c1' }, { cursor: 'c2' }]);
  });

  it('rejects on a repeated cursor, keeping what arrived', async () => {
    const s = fakeSession([
      { tools: [{ name: 'a' }], nextCursor: 'x' },
      { tools: [{ name: 'b' }], nextCursor: 'x' },
    ]);
    const e = await failure(listAll(s, 'tools'));
    expect(e.items).toHaveLength(2);
    expect(e.pages).toBe(2);
    expect(e.failedPage).toBeUndefined();
    expect(e.reason).toMatch(/repeated the cursor/);
    expect(e.message).toBe('2 pages of tools/list read, then it stopped: The server repeated the cursor "x"; stopped to avoid a loop.');
  });

  it('rejects when a page fails, with the pages read before it', async () => {
    const s = fakeSession([
      { tools: [{ name: 'a' }], nextCursor: 'c1' },
      { tools: [{ name: 'b' }], nextCursor: 'c2' },
      { tools: [{ name: 'c' }], nextCursor: 'c3' },
      new Error('No response within 30 s.'),
    ]);
    const e = await failure<{ name: string }>(listAll(s, 'tools'));
    expect(e).toBeInstanceOf(ListFailed);
    expect(e.items.map((t) => t.name)).toEqual(['a', 'b', 'c']);
    expect(e.pages).toBe(3);
    expect(e.failedPage).toBe(4);
    expect(e.partial.outcomes.map((o) => o.status)).toEqual(['result', 'result', 'result', 'timeout']);
    expect(e.message).toBe('3 pages of tools/list read, page 4 failed: No response within 30 s.');
  });

  it('rejects on a failed first page and on a malformed result, naming the method', async () => {
    const first = await failure(listAll(fakeSession([new Error('No response')]), 'prompts'));
    expect(first.message).toBe('prompts/list failed: No response');
    expect(first.items).toEqual([]);
    const malformed = await failure(listAll(fakeSession([{ resources: [{ uri: 'a' }], nextCursor: 'n' }, { nope: 1 }]), 'resources'));
    expect(malformed.message).toBe('1 page of resources/list read, page 2 failed: The resources/list result has no "resources" array.');
    expect(malformed.items).toEqual([{ uri: 'a' }]);
  });

  it('rejects when nextCursor is not a string, and past the page limit', async () => {
    expect((await failure(listAll(fakeSession([{ tools: [], nextCursor: 7 }]), 'tools'))).reason).toBe('nextCursor is not a string: 7');
    const endless = fakeSession(Array.from({ length: 5 }, (_, i) => ({ tools: [{ name: `t${i}` }], nextCursor: `c${i}` })));
    const capped = await failure(listAll(endless, 'tools', 3));
    expect(capped.pages).toBe(3);
    expect(capped.items).toHaveLength(3);
    expect(capped.reason).toBe('Stopped after 3 pages.');
  });
});
