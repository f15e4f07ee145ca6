import { describe, expect, it } from 'vitest';
import type { RequestOutcome, SentRequest } from '../../../protocol/index.js';
import { errorCodeName, outcomeWords } from './format.js';

const request: SentRequest = { id: 1, method: 'tools/call', raw: '{}', sentAt: 0 };
const response = { raw: '{}', frame: { kind: 'invalid' as const, reason: 'x', code: 'not-json' as const, raw: '' }, receivedAt: 1 };

describe('call formatting', () => {
  it('names JSON-RPC error codes', () => {
    expect(errorCodeName(-32602)).toBe('Invalid params');
    expect(errorCodeName(-32050)).toBe('Server error');
    expect(errorCodeName(7)).toBeUndefined();
  });

  it('tells a tool error apart from a protocol error and from a plain result', () => {
    const ok = { status: 'result', request, response, result: { content: [] }, rttMs: 1 } as unknown as RequestOutcome;
    const toolError = { status: 'result', request, response, result: { content: [], isError: true }, rttMs: 1 } as unknown as RequestOutcome;
    const protocol = { status: 'error', request, response, error: { code: -32602, message: 'Unknown tool' }, rttMs: 1 } as unknown as RequestOutcome;
    expect(outcomeWords(ok)).toEqual({ text: 'Result', tone: 'ok' });
    expect(outcomeWords(toolError)).toEqual({ text: 'Tool error', tone: 'tool-error' });
    expect(outcomeWords(protocol)).toEqual({ text: 'Protocol error -32602', tone: 'bad' });
    expect(outcomeWords({ status: 'cancelled', request, elapsedMs: 3, message: 'x' }).text).toBe('Cancelled');
    const malformed = { status: 'result', request, response, result: { contents: 'oops' }, rttMs: 1 } as unknown as RequestOutcome;
    expect(outcomeWords(malformed)).toEqual({ text: 'Malformed result', tone: 'bad' });
  });
});
