// The callback registry routes a redirect to the authorization waiting for its
// state; what matches nothing gets a sentence for the tab, never a hang.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REFUSALS_TOLD_EVERY_MS, createCallbackRegistry } from './callbacks.js';

const cb = (query: string) => new URL(`http://127.0.0.1:7/oauth/callback?${query}`);

afterEach(() => {
  vi.useRealTimers();
});

describe('createCallbackRegistry', () => {
  it('delivers to the authorization with the same state', async () => {
    const r = createCallbackRegistry();
    const a = r.expect('state-a', 60_000);
    const b = r.expect('state-b', 60_000);
    expect(r.deliver(cb('code=1&state=state-b'))).toEqual({ delivered: true });
    expect((await b).searchParams.get('code')).toBe('1');
    expect(r.deliver(cb('code=2&state=state-a'))).toEqual({ delivered: true });
    expect((await a).searchParams.get('code')).toBe('2');
  });

  it('refuses an unknown state without touching the authorization waiting, counts it, and still takes the real one', async () => {
    vi.useFakeTimers();
    const r = createCallbackRegistry();
    const refused: number[] = [];
    const only = r.expect('state-a', 60_000, undefined, (n) => refused.push(n));
    let settled = false;
    void only.then(() => (settled = true));
    expect(r.deliver(cb('code=1&state=forged'))).toEqual({
      delivered: false,
      message:
        'This callback has a state that matches none of the authorization waiting: it was refused and changed nothing (it may come from another web page, or an older attempt). mcpscope is still waiting for the authorization: approve in the authorization tab mcpscope opened.',
    });
    expect(r.deliver(cb('code=2'))).toMatchObject({
      delivered: false,
      message: expect.stringMatching(/^This callback has no state parameter: it was refused/),
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    // The first refusal is told at once, the next once a second has passed.
    expect(refused).toEqual([1]);
    vi.advanceTimersByTime(REFUSALS_TOLD_EVERY_MS);
    expect(refused).toEqual([1, 2]);
    expect(r.deliver(cb('code=3&state=state-a'))).toEqual({ delivered: true });
    expect((await only).searchParams.get('code')).toBe('3');
  });

  it('a flood of forged callbacks rewrites the waiting notice at most once a second, and the last count is told', () => {
    vi.useFakeTimers();
    const r = createCallbackRegistry();
    const refused: number[] = [];
    void r.expect('state-a', 600_000, undefined, (n) => refused.push(n));
    for (let i = 0; i < 10_000; i++) r.deliver(cb(`code=x&state=forged-${i}`));
    expect(refused).toEqual([1]);
    vi.advanceTimersByTime(REFUSALS_TOLD_EVERY_MS);
    expect(refused).toEqual([1, 10_000]);
    vi.advanceTimersByTime(10 * REFUSALS_TOLD_EVERY_MS);
    expect(refused).toEqual([1, 10_000]);
    r.deliver(cb('code=x&state=forged-again'));
    expect(refused).toEqual([1, 10_000, 10_001]);
  });

  it('does not hand a reloaded callback to another authorization waiting', async () => {
    const r = createCallbackRegistry();
    const a = r.expect('state-a', 60_000);
    expect(r.deliver(cb('code=1&state=state-a'))).toEqual({ delivered: true });
    await a;
    const b = r.expect('state-b', 60_000);
    expect(r.deliver(cb('code=1&state=state-a'))).toEqual({ delivered: false, message: expect.stringMatching(/already delivered/) });
    expect(r.deliver(cb('code=2&state=state-b'))).toEqual({ delivered: true });
    expect((await b).searchParams.get('code')).toBe('2');
  });

  it('explains a callback it cannot match', () => {
    const r = createCallbackRegistry();
    expect(r.deliver(cb('code=1&state=x'))).toEqual({ delivered: false, message: expect.stringMatching(/No authorization is waiting/) });
    void r.expect('state-a', 60_000).catch(() => undefined);
    void r.expect('state-b', 60_000).catch(() => undefined);
    expect(r.deliver(cb('code=1&state=x'))).toEqual({ delivered: false, message: expect.stringMatching(/matches none of the 2 authorizations waiting/) });
    expect(r.deliver(cb('code=1'))).toEqual({ delivered: false, message: expect.stringMatching(/no state parameter: it was refused/) });
  });

  it('delivers an error callback too (the flow reports the refusal)', async () => {
    const r = createCallbackRegistry();
    const a = r.expect('s', 60_000);
    expect(r.deliver(cb('error=access_denied&state=s'))).toEqual({ delivered: true });
    expect((await a).searchParams.get('error')).toBe('access_denied');
  });

  it('times out with a sentence in minutes, and forgets the state', async () => {
    vi.useFakeTimers();
    const r = createCallbackRegistry();
    const a = r.expect('s', 10 * 60_000);
    const caught = a.catch((e: Error) => e.message);
    vi.advanceTimersByTime(10 * 60_000);
    expect(await caught).toMatch(/^no answer from the authorization page within 10 minutes/);
    expect(r.deliver(cb('state=s')).delivered).toBe(false);
  });

  it('stops waiting when aborted, and refuses a state already waiting', async () => {
    const r = createCallbackRegistry();
    const abort = new AbortController();
    const a = r.expect('s', 60_000, abort.signal);
    await expect(r.expect('s', 60_000)).rejects.toThrow(/already waiting/);
    abort.abort();
    await expect(a).rejects.toThrow(/cancelled/);
    expect(r.deliver(cb('state=s')).delivered).toBe(false);
  });
});
