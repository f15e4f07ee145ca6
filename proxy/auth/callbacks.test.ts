// The callback registry routes a redirect to the authorization waiting for its
// state; what matches nothing gets a sentence for the tab, never a hang.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCallbackRegistry } from './callbacks.js';

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

  it('hands an unknown state to the only authorization waiting (its state check then refuses it)', async () => {
    const r = createCallbackRegistry();
    const only = r.expect('state-a', 60_000);
    expect(r.deliver(cb('code=1&state=other'))).toEqual({
      delivered: true,
      stateMatched: false,
      message:
        "This callback's state does not match the authorization mcpscope was waiting for: it is refused, nothing is redeemed, and that authorization stops at its callback step. Start it again in mcpscope.",
    });
    expect((await only).searchParams.get('state')).toBe('other');
  });

  it('says a callback without a state does not match the authorization waiting', async () => {
    const r = createCallbackRegistry();
    const only = r.expect('state-a', 60_000);
    expect(r.deliver(cb('code=1'))).toMatchObject({
      delivered: true,
      stateMatched: false,
      message: expect.stringMatching(/^This callback's state is missing/),
    });
    expect((await only).searchParams.get('code')).toBe('1');
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
    expect(r.deliver(cb('code=1'))).toEqual({ delivered: false, message: expect.stringMatching(/no state parameter, and 2 authorizations/) });
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
