import { describe, expect, it } from 'vitest';
import { ClientSession } from '../../../protocol/index.js';
import type { ConnectionSnapshot } from '../../connection/proxy-connection.js';
import { createPingStore, pingAvailability } from './ping-store.js';

/** A ready session whose server answers ping with {} and server/discover with `discover`, recording the methods sent. */
function answering(discover: unknown) {
  const sent: string[] = [];
  const session: ClientSession = new ClientSession({
    send: (raw) => {
      const msg = JSON.parse(raw) as { id: number; method: string };
      sent.push(msg.method);
      const result = msg.method === 'server/discover' ? discover : {};
      queueMicrotask(() => session.receive(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result })));
    },
  });
  session.markReadyWithoutInitialize();
  return { session, sent };
}

const discovered = { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: {}, ttlMs: 0, cacheScope: 'public' };
const ready = { connection: 1, status: 'ready' } as unknown as ConnectionSnapshot;

describe('ping store', () => {
  it('pings a legacy session', async () => {
    const { session, sent } = answering(discovered);
    const record = await createPingStore({ session: () => session })
      .getState()
      .send();
    expect(sent).toEqual(['ping']);
    expect(record).toMatchObject({ probe: 'ping', verdict: { compliant: true } });
  });

  it('times a discover round trip on a 2026-07-28 session, with its verdict', async () => {
    const { session, sent } = answering(discovered);
    session.useModern('2026-07-28');
    const store = createPingStore({ session: () => session });
    const record = await store.getState().send();
    expect(sent).toEqual(['server/discover']);
    expect(record).toMatchObject({ probe: 'server/discover', outcome: { status: 'result' }, verdict: { compliant: true } });
    expect(store.getState().history).toHaveLength(1);
  });

  it('a discover answer that is no DiscoverResult is not compliant', async () => {
    const { session } = answering({ resultType: 'complete', supportedVersions: ['2025-11-25'] });
    session.useModern('2026-07-28');
    const record = await createPingStore({ session: () => session })
      .getState()
      .send();
    expect(record?.verdict.failures).toEqual([
      'supportedVersions ["2025-11-25"] does not list 2026-07-28, the version in use',
      'capabilities is not an object: absent',
    ]);
  });

  it('says what it waits for: the previous ping, or the previous discover round trip', () => {
    const { session } = answering(discovered);
    expect(pingAvailability(ready, session, true)).toEqual({ ok: false, reason: 'Waiting for the answer to the previous ping…' });
    const modern = answering(discovered).session;
    modern.useModern('2026-07-28');
    expect(pingAvailability(ready, modern, true)).toEqual({ ok: false, reason: 'Waiting for the answer to the previous discover round trip…' });
    expect(pingAvailability(ready, modern, false)).toEqual({ ok: true });
  });
});
