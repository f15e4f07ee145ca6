// ClientSession.cancel and the onSent request option.
import { describe, expect, it } from 'vitest';
import { ClientSession, outcomeMessage } from './client-session.js';
import { ManualClock } from '../time/clock.js';
import type { SentRequest, SessionEvent } from './types.js';

async function ready() {
  const clock = new ManualClock();
  const sent: Array<Record<string, unknown>> = [];
  const events: SessionEvent[] = [];
  let refuse = false;
  const session = new ClientSession({
    send: (raw) => {
      if (refuse) throw new Error('socket closed');
      sent.push(JSON.parse(raw));
    },
    clock,
  });
  session.on((e) => events.push(e));
  const reply = (obj: unknown) => session.receive(JSON.stringify(obj));
  const init = session.initialize('2025-11-25');
  reply({ jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } } });
  await init;
  sent.length = 0;
  return { clock, sent, events, session, reply, refuseSends: () => (refuse = true) };
}

describe('ClientSession.request onSent', () => {
  it('reports the request, with its id, as soon as the frame is handed to the transport', async () => {
    const { session, sent } = await ready();
    const seen: SentRequest[] = [];
    void session.request('tools/call', { name: 'slow' }, { onSent: (r) => seen.push(r) });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ id: 2, method: 'tools/call' });
    expect(JSON.parse(seen[0]!.raw)).toEqual(sent[0]);
  });

  it('is not called when the transport refuses the frame', async () => {
    const { session, refuseSends } = await ready();
    refuseSends();
    let called = false;
    const outcome = await session.request('tools/call', {}, { onSent: () => (called = true) });
    expect(outcome.status).toBe('closed');
    expect(called).toBe(false);
  });
});

describe('ClientSession.cancel', () => {
  it('sends notifications/cancelled with the id and reason, and resolves the request as cancelled', async () => {
    const { session, sent, clock } = await ready();
    let id: string | number | undefined;
    const p = session.request('tools/call', { name: 'slow' }, { onSent: (r) => (id = r.id) });
    clock.advance(1500);
    expect(session.cancel(id!, 'Cancelled by the user in mcpscope')).toBe(true);
    expect(sent[1]).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 2, reason: 'Cancelled by the user in mcpscope' },
    });
    const outcome = await p;
    expect(outcome).toMatchObject({ status: 'cancelled', elapsedMs: 1500, request: { id: 2, method: 'tools/call' } });
    expect(outcomeMessage(outcome)).toMatch(/Cancelled tools\/call \(id 2\) after 1500 ms/);
    expect(session.pendingCount).toBe(0);
  });

  it('stops the timeout: no second notifications/cancelled and no timeout event later', async () => {
    const { session, sent, clock, events } = await ready();
    void session.request('tools/call', {}, { timeoutMs: 1000 });
    session.cancel(2);
    clock.advance(5000);
    expect(sent.filter((m) => m.method === 'notifications/cancelled')).toHaveLength(1);
    expect(sent[1]).toEqual({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2 } });
    expect(events.some((e) => e.type === 'timeout')).toBe(false);
  });

  it('reports a response that crosses the cancel as late, not orphaned', async () => {
    const { session, events, reply } = await ready();
    void session.request('tools/call', {});
    session.cancel(2);
    reply({ jsonrpc: '2.0', id: 2, result: { content: [] } });
    expect(events).toContainEqual(expect.objectContaining({ type: 'late-response', id: 2, method: 'tools/call' }));
    expect(events.some((e) => e.type === 'orphan-response')).toBe(false);
  });

  it('returns false for an id that is not pending, and sends nothing', async () => {
    const { session, sent, reply } = await ready();
    const p = session.request('tools/call', {});
    reply({ jsonrpc: '2.0', id: 2, result: { content: [] } });
    expect((await p).status).toBe('result');
    expect(session.cancel(2)).toBe(false);
    expect(session.cancel(99)).toBe(false);
    expect(sent).toHaveLength(1);
  });

  it('refuses to cancel initialize', async () => {
    const clock = new ManualClock();
    const sent: unknown[] = [];
    const session = new ClientSession({ send: (raw) => sent.push(JSON.parse(raw)), clock });
    const p = session.initialize();
    expect(session.cancel(1)).toBe(false);
    expect(sent).toHaveLength(1);
    clock.advance(60_000);
    expect((await p).ok).toBe(false);
  });

  it('still resolves the request when the notification cannot be sent, and says so', async () => {
    const { session, refuseSends } = await ready();
    const p = session.request('tools/call', {});
    refuseSends();
    expect(session.cancel(2)).toBe(true);
    const outcome = await p;
    expect(outcome.status).toBe('cancelled');
    expect(outcomeMessage(outcome)).toMatch(/could not be sent/);
  });
});
