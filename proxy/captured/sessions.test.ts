import { describe, expect, it } from 'vitest';
import { hello, record, records } from '../../test/fixtures/captured-records.js';
import { CapturedSessions, type CapturedEvent } from './sessions.js';

function store(limits = { maxRecords: 5, maxBytes: 1024 * 1024, maxSessions: 2 }) {
  const sessions = new CapturedSessions(limits);
  const events: CapturedEvent[] = [];
  sessions.subscribe((e) => events.push(e));
  return { sessions, events };
}

describe('the wrapped sessions the proxy keeps', () => {
  it('keeps the newest records of a session, the rest counted as lost', () => {
    const { sessions } = store();
    sessions.open(hello('session-a'));
    sessions.records('session-a', records(1, 3));
    sessions.records('session-a', records(4, 8));
    const [kept] = sessions.snapshot();
    expect(kept!.records.map((r) => r.seq)).toEqual([4, 5, 6, 7, 8]);
    expect(kept!.session).toMatchObject({ received: 8, lost: 3, state: 'live' });
  });

  it('keeps them within a size too, and adds what the wrapper said it lost', () => {
    const { sessions } = store({ maxRecords: 1000, maxBytes: 3 * 1200, maxSessions: 2 });
    sessions.open(hello('session-a'));
    sessions.records(
      'session-a',
      Array.from({ length: 10 }, (_, i) => record(i + 1, 'x'.repeat(1000))),
    );
    sessions.lost('session-a', 7);
    const [kept] = sessions.snapshot();
    expect(kept!.records.map((r) => r.seq)).toEqual([8, 9, 10]);
    expect(kept!.session.lost).toBe(7 + 7);
  });

  it('lets the oldest ended or disconnected session go for a new one, and refuses one when all are live', () => {
    const { sessions, events } = store();
    sessions.open(hello('session-a'));
    sessions.open(hello('session-b'));
    expect(sessions.open(hello('session-c'))).toEqual({ ok: false, reason: 'the proxy already follows 2 live wrapped sessions' });
    sessions.disconnect('session-b', 'gone');
    sessions.end('session-a', 'The server exited with code 0.');
    expect(sessions.open(hello('session-c'))).toEqual({ ok: true });
    expect(events.filter((e) => e.type === 'gone')).toEqual([{ type: 'gone', id: 'session-a' }]);
    expect(sessions.snapshot().map((s) => [s.session.id, s.session.state])).toEqual([
      ['session-b', 'disconnected'],
      ['session-c', 'live'],
    ]);
  });

  it('takes back a wrapper that connects again, without keeping its first records twice', () => {
    const { sessions, events } = store({ maxRecords: 100, maxBytes: 1024 * 1024, maxSessions: 2 });
    sessions.open(hello('session-a'));
    sessions.records('session-a', records(1, 4));
    expect(sessions.open(hello('session-a'))).toEqual({ ok: false, reason: 'a wrapper with this session is already connected' });
    sessions.disconnect('session-a', 'the link closed');
    expect(sessions.open(hello('session-a'))).toEqual({ ok: true });
    sessions.records('session-a', [...records(1, 2), ...records(5, 6)]);
    expect(sessions.snapshot()[0]!.records.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(events.filter((e) => e.type === 'records').map((e) => e.type === 'records' && e.records.map((r) => r.seq))).toEqual([
      [1, 2, 3, 4],
      [5, 6],
    ]);
    expect(events.at(-2)).toMatchObject({ type: 'session', session: { state: 'live' } });
  });

  it('does not mark an ended session disconnected when its socket closes after', () => {
    const { sessions } = store();
    sessions.open(hello('session-a'));
    sessions.end('session-a', 'The server exited with code 3.');
    sessions.disconnect('session-a', 'closed');
    expect(sessions.snapshot()[0]!.session).toMatchObject({ state: 'ended', reason: 'The server exited with code 3.' });
  });
});
