import { describe, expect, it } from 'vitest';
import { ClientSession } from '../session/client-session.js';
import { Subscription, subscriptionIdOf, type SubscriptionEvent } from './subscriptions.js';

function setup() {
  const sent: string[] = [];
  const session = new ClientSession({ send: (raw) => sent.push(raw) });
  session.markReadyWithoutInitialize();
  const events: SubscriptionEvent[] = [];
  const sub = new Subscription(session, { toolsListChanged: true, resourceSubscriptions: ['file:///a', 'file:///b'] }, (e) => events.push(e));
  const tagged = (method: string, id: unknown, params: Record<string, unknown> = {}) =>
    session.receive(JSON.stringify({ jsonrpc: '2.0', method, params: { ...params, _meta: { 'io.modelcontextprotocol/subscriptionId': id } } }));
  return { sent, session, events, sub, tagged };
}

describe('subscriptions/listen', () => {
  it('sends the filter, and routes only the notifications tagged with its id', () => {
    const { sent, events, sub, tagged } = setup();
    const listen = JSON.parse(sent[0]!) as { id: number; method: string; params: unknown };
    expect(listen).toMatchObject({
      method: 'subscriptions/listen',
      params: { notifications: { toolsListChanged: true, resourceSubscriptions: ['file:///a', 'file:///b'] } },
    });
    expect(sub.id).toBe(listen.id);
    tagged('notifications/subscriptions/acknowledged', listen.id, { notifications: { toolsListChanged: true, resourceSubscriptions: ['file:///a'] } });
    tagged('notifications/tools/list_changed', listen.id);
    tagged('notifications/tools/list_changed', String(listen.id)); // "1" is not 1
    tagged('notifications/resources/updated', 99, { uri: 'file:///a' });
    expect(events).toEqual([
      { type: 'acknowledged', accepted: { toolsListChanged: true, resourceSubscriptions: ['file:///a'] }, declined: ['resourceSubscriptions: file:///b'] },
      expect.objectContaining({ type: 'notification', method: 'notifications/tools/list_changed', subscriptionId: listen.id }),
    ]);
  });

  it('is not timed out, and cancelling sends notifications/cancelled and ends it', async () => {
    const { sent, events, sub, session } = setup();
    expect(session.pendingCount).toBe(1);
    await sub.cancel();
    expect(JSON.parse(sent[1]!)).toMatchObject({ method: 'notifications/cancelled', params: { requestId: sub.id } });
    expect(events.at(-1)).toEqual({ type: 'ended', how: 'cancelled', message: 'Stopped listening.' });
    expect(sub.isOpen).toBe(false);
  });

  it('ends gracefully when the server answers the listen request, and says so when it fails', async () => {
    const a = setup();
    a.session.receive(JSON.stringify({ jsonrpc: '2.0', id: a.sub.id, result: { resultType: 'complete' } }));
    await a.sub.cancel();
    expect(a.events.at(-1)).toMatchObject({ type: 'ended', how: 'graceful' });
    const b = setup();
    b.session.receive(JSON.stringify({ jsonrpc: '2.0', id: b.sub.id, error: { code: -32601, message: 'Method not found' } }));
    await b.sub.cancel();
    expect(b.events.at(-1)).toMatchObject({ type: 'ended', how: 'failed', message: expect.stringMatching(/^The subscription ended: .*-32601/) });
  });

  it('reads a subscription tag only from _meta', () => {
    expect(subscriptionIdOf({ _meta: { 'io.modelcontextprotocol/subscriptionId': 'x' } })).toBe('x');
    expect(subscriptionIdOf({ subscriptionId: 1 })).toBeUndefined();
  });
});
