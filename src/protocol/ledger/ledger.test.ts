import { describe, expect, it } from 'vitest';
import { classifyFrame, type SingleFrame } from '../jsonrpc/codec.js';
import { EARLY_ANSWER_WINDOW_MS, RequestLedger } from './ledger.js';
import { PAIRING_CASES } from './pairing-cases.js';
import { frameRequestId, requestIdFromText, requestIdOf } from './request-id.js';

const single = (raw: string): SingleFrame => {
  const f = classifyFrame(raw);
  if (f.kind === 'batch') throw new Error('a single frame was expected');
  return f;
};

describe('RequestLedger: the id table', () => {
  it.each(PAIRING_CASES)('$name', (c) => {
    const ledger = new RequestLedger();
    const request = single(c.request);
    const record = () => ledger.request('client', frameRequestId(request)!, 'ping', 10, undefined);
    const verdicts: string[] = [];
    let early = false;
    if (!c.answersFirst) record();
    for (const raw of c.answers) verdicts.push(ledger.answer('server', frameRequestId(single(raw)), 12).kind);
    if (c.answersFirst) early = record().answeredEarly !== undefined;
    expect(verdicts).toEqual(c.expect);
    expect(early).toBe(c.answeredEarly === true);
  });
});

describe('RequestLedger', () => {
  it('measures the round trip on the caller clock', () => {
    const ledger = new RequestLedger<string>();
    ledger.request('client', requestIdOf(1), 'tools/list', 100, 'mine');
    expect(ledger.answer('server', requestIdOf(1), 142)).toMatchObject({ kind: 'paired', rttMs: 42, request: { method: 'tools/list', data: 'mine' } });
  });

  it('calls an answer after the request expired late, once; a second one is a duplicate', () => {
    const ledger = new RequestLedger();
    ledger.request('client', requestIdOf(3), 'tools/call', 0, undefined);
    expect(ledger.expire('client', requestIdOf(3), 1000)?.method).toBe('tools/call');
    expect(ledger.answer('server', requestIdOf(3), 1250)).toMatchObject({ kind: 'late', lateByMs: 250 });
    expect(ledger.answer('server', requestIdOf(3), 1300).kind).toBe('duplicate');
  });

  it('pairs each side with the other: a server request is answered by the client', () => {
    const ledger = new RequestLedger();
    ledger.request('server', requestIdOf('srv-1'), 'ping', 0, undefined);
    expect(ledger.answer('server', requestIdOf('srv-1'), 1).kind).toBe('orphan');
    expect(ledger.answer('client', requestIdOf('srv-1'), 1).kind).toBe('paired');
  });

  it('notes a reused id, and pairs an early answer only within the window', () => {
    const ledger = new RequestLedger();
    expect(ledger.request('client', requestIdOf(1), 'ping', 0, undefined).reused).toBe(false);
    expect(ledger.answer('server', requestIdOf(1), 1).kind).toBe('paired');
    expect(ledger.request('client', requestIdOf(1), 'ping', 2, undefined).reused).toBe(true);
    ledger.answer('server', requestIdOf(9), 10);
    expect(ledger.request('client', requestIdOf(9), 'ping', 10 + EARLY_ANSWER_WINDOW_MS + 1, undefined).answeredEarly).toBeUndefined();
    expect(ledger.pendingCount('client')).toBe(2);
  });
});

describe('request ids', () => {
  it('keeps the raw spelling of 7.0 and of integers beyond 2^53', () => {
    expect(frameRequestId(single('{"jsonrpc":"2.0","id":7.0,"result":{}}'))).toEqual({ value: 7, text: '7.0', key: 'n:7' });
    expect(frameRequestId(single('{"jsonrpc":"2.0","id":12345678901234567890,"result":{}}'))?.text).toBe('12345678901234567890');
    expect(frameRequestId(single('{"result":{"id":7.5,"x":"\\"id\\":1"},"jsonrpc":"2.0","id":1e0}'))?.text).toBe('1e0');
  });

  it('keeps spellings per batch item', () => {
    const f = classifyFrame('[{"jsonrpc":"2.0","id":1,"result":{}}, 5, {"jsonrpc":"2.0","id":2.0,"result":{}}]');
    expect(f.kind === 'batch' && f.items.map((i) => (i.kind === 'response' ? i.idText : i.kind))).toEqual([undefined, 'invalid', '2.0']);
  });

  it('compares ids by JSON type and value', () => {
    expect(requestIdOf(7).key).toBe(requestIdOf(7.0).key);
    expect(requestIdOf(7).key).not.toBe(requestIdOf('7').key);
    expect(requestIdOf('a').key).toBe(requestIdOf('a').key);
  });

  it('reads an id back from its spelling, keeping an integer beyond 2^53 exact', () => {
    const big = requestIdFromText('9007199254740993');
    expect(big).toMatchObject({ text: '9007199254740993', key: 'n:9007199254740993' });
    expect(big?.key).not.toBe(requestIdOf(9007199254740992).key);
    expect(requestIdFromText('"7"')).toEqual(requestIdOf('7'));
    expect(requestIdFromText('7.0')).toMatchObject({ value: 7, text: '7.0', key: requestIdOf(7).key });
    for (const bad of ['null', '{"a":1}', 'nope', '']) expect(requestIdFromText(bad)).toBeUndefined();
  });
});
