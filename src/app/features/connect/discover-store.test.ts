import { describe, expect, it } from 'vitest';
import type { ClientSession } from '../../../protocol/index.js';
import { createDiscoverStore } from './discover-store.js';

type Answer = Awaited<ReturnType<ClientSession['discover']>>;

function sessionAnswering(answers: Array<Promise<Answer>>) {
  let calls = 0;
  const session = { discover: () => answers[calls++]! } as unknown as ClientSession;
  return { session, calls: () => calls };
}

const outcome = { status: 'result' } as unknown as Answer['outcome'];
/** What the store does not read: the version asked and the judgment. */
const asked = { version: '2026-07-28', judged: { kind: 'gone', message: '' } } as const;

describe('server/discover, refreshed', () => {
  it('keeps the answer with its time, or the failure with the versions a -32022 named', async () => {
    const info = { supportedVersions: ['2026-07-28'], capabilities: {} };
    const { session } = sessionAnswering([
      Promise.resolve({ ok: true, info, outcome, ...asked }),
      Promise.resolve({ ok: false, message: 'The server answered with error -32022', outcome, supported: ['2025-11-25'], ...asked }),
    ]);
    const store = createDiscoverStore({ session: () => session, now: () => 42 });
    store.getState().forConnection(1);
    await store.getState().refreshNow();
    expect(store.getState().refresh).toEqual({ state: 'answered', info, at: 42 });
    await store.getState().refreshNow();
    expect(store.getState().refresh).toEqual({ state: 'failed', message: 'The server answered with error -32022', supported: ['2025-11-25'] });
  });

  it('sends one at a time, and drops the answer of a connection that is gone', async () => {
    let resolve: (a: Answer) => void = () => {};
    const { session, calls } = sessionAnswering([new Promise<Answer>((r) => (resolve = r))]);
    const store = createDiscoverStore({ session: () => session });
    store.getState().forConnection(1);
    const pending = store.getState().refreshNow();
    void store.getState().refreshNow();
    expect(calls()).toBe(1);
    store.getState().forConnection(2);
    resolve({ ok: true, info: { supportedVersions: [], capabilities: {} }, outcome, ...asked });
    await pending;
    expect(store.getState().refresh).toBeUndefined();
  });

  it('says so when not connected; a new connection forgets the serverInfo results reported', async () => {
    const store = createDiscoverStore({ session: () => undefined });
    await store.getState().refreshNow();
    expect(store.getState().refresh).toMatchObject({ state: 'failed', message: expect.stringMatching(/^Not connected/) });
    store.getState().noteServerInfo({ name: 'renamed', version: '2' });
    expect(store.getState().resultServerInfo?.name).toBe('renamed');
    store.getState().forConnection(3);
    expect(store.getState().resultServerInfo).toBeUndefined();
  });
});
