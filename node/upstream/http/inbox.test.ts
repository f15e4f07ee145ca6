import { describe, expect, it } from 'vitest';
import { PAIRING_CASES } from '../../../src/protocol/index.js';
import { carriedMessages, carriedRequestIds, requestIdOf } from '../../../src/protocol/wire.js';
import type { UpstreamEvent } from '../types.js';
import { Inbox } from './inbox.js';

describe('Inbox: the id table (the transport pairs as the session does)', () => {
  // The inbox only sees answers to POSTs it sent, so an answer cannot come before its request here.
  it.each(PAIRING_CASES.filter((c) => !c.answersFirst))('$name', (c) => {
    const events: UpstreamEvent[] = [];
    const inbox = new Inbox((e) => events.push(e));
    inbox.sent(carriedMessages(c.request));
    const paired = c.answers.map((raw) => {
      const message = inbox.inspect(raw);
      inbox.deliver(message, false);
      return message.answers.length > 0;
    });
    expect(paired).toEqual(c.expect.map((v) => v === 'paired'));
    expect(events).toHaveLength(c.answers.length);
  });

  it('fails only the requests still awaited, by their own ids', () => {
    const events: UpstreamEvent[] = [];
    const inbox = new Inbox((e) => events.push(e));
    inbox.sent(carriedMessages('[{"jsonrpc":"2.0","id":4,"method":"tools/call"},{"jsonrpc":"2.0","id":5,"method":"ping"}]'));
    inbox.deliver(inbox.inspect('{"jsonrpc":"2.0","id":5,"result":{}}'), false);
    expect(inbox.describe(inbox.allAwaiting())).toBe('tools/call (id 4)');
    inbox.fail([requestIdOf(4), requestIdOf(5), requestIdOf('4')], { problem: 'network', message: 'gone' });
    expect(events.at(-1)).toEqual({ type: 'request-failed', idTexts: ['4'], problem: 'network', message: 'gone' });
    expect(inbox.allAwaiting()).toEqual([]);
  });

  it('fails an integer id beyond 2^53 by its digits, and names it so in the event', () => {
    const events: UpstreamEvent[] = [];
    const inbox = new Inbox((e) => events.push(e));
    const carried = carriedMessages('[{"jsonrpc":"2.0","id":9007199254740993,"method":"tools/call"},{"jsonrpc":"2.0","id":9007199254740992,"method":"ping"}]');
    inbox.sent(carried);
    const [big] = carriedRequestIds(carried);
    expect(big?.text).toBe('9007199254740993');
    inbox.fail([big!], { problem: 'network', message: 'gone' });
    expect(events.at(-1)).toEqual({ type: 'request-failed', idTexts: ['9007199254740993'], problem: 'network', message: 'gone' });
    // The neighbour that JSON.parse rounds it to is still awaited.
    expect(inbox.describe(inbox.allAwaiting())).toBe('ping (id 9007199254740992)');
  });
});
