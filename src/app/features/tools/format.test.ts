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
    expect(outcomeWords({ outcome: ok })).toEqual({ text: 'Result', tone: 'ok' });
    expect(outcomeWords({ outcome: toolError })).toEqual({ text: 'Tool error', tone: 'tool-error' });
    expect(outcomeWords({ outcome: protocol })).toEqual({ text: 'Protocol error -32602', tone: 'bad' });
    expect(outcomeWords({ outcome: { status: 'cancelled', request, elapsedMs: 3, message: 'x' } }).text).toBe('Cancelled');
    const malformed = { status: 'result', request, response, result: { contents: 'oops' }, rttMs: 1 } as unknown as RequestOutcome;
    expect(outcomeWords({ outcome: malformed })).toEqual({ text: 'Malformed result', tone: 'bad' });
  });

  it('labels a call answered with a task "Task created", of either generation, not "Malformed result"', () => {
    const task = { taskId: 't1', status: 'working', createdAt: '2025-11-25T10:00:00Z', lastUpdatedAt: '2025-11-25T10:00:00Z', ttl: 60000 };
    const created = { status: 'result', request, response, result: { task }, rttMs: 1 } as unknown as RequestOutcome;
    expect(outcomeWords({ outcome: created, asTask: true })).toEqual({ text: 'Task created', tone: 'ok' });
    // Not asked as a task, a {task} result is just a malformed CallToolResult.
    expect(outcomeWords({ outcome: created })).toEqual({ text: 'Malformed result', tone: 'bad' });
    const handle = {
      resultType: 'task',
      taskId: 'abc',
      status: 'working',
      createdAt: '2026-07-28T10:00:00Z',
      lastUpdatedAt: '2026-07-28T10:00:01Z',
      ttlMs: 60000,
    };
    const modern = { status: 'result', request, response, result: handle, rttMs: 1 } as unknown as RequestOutcome;
    expect(outcomeWords({ outcome: modern })).toEqual({ text: 'Task created', tone: 'ok' });
    const broken = { status: 'result', request, response, result: { resultType: 'task' }, rttMs: 1 } as unknown as RequestOutcome;
    expect(outcomeWords({ outcome: broken })).toEqual({ text: 'Malformed task handle', tone: 'bad' });
  });
});
