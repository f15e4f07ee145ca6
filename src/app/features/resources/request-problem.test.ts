import { describe, expect, it } from 'vitest';
import { describeProblem } from './request-problem.js';
import { errorOutcome, resultOutcome } from './test-outcomes.js';

describe('describeProblem', () => {
  it('is undefined for a result', () => {
    expect(describeProblem(resultOutcome('resources/read', { contents: [] }), 'resources/read')).toBeUndefined();
  });

  it('calls -32002 "Resource not found" and names the URI', () => {
    const p = describeProblem(
      errorOutcome('resources/read', -32002, 'Resource not found: demo://nope', { uri: 'demo://nope' }),
      'resources/read',
      'demo://nope',
    );
    expect(p?.title).toBe('Resource not found');
    expect(p?.detail).toContain('demo://nope');
    expect(p?.code).toBe(-32002);
    expect(p?.data).toBe('{\n  "uri": "demo://nope"\n}');
  });

  it('names standard JSON-RPC errors and keeps the server message', () => {
    const p = describeProblem(errorOutcome('prompts/get', -32602, 'Missing required arguments: language'), 'prompts/get');
    expect(p).toMatchObject({ title: 'Invalid params (-32602)', code: -32602, message: 'Missing required arguments: language' });
    expect(p?.data).toBeUndefined();
    expect(describeProblem(errorOutcome('resources/subscribe', -32601, 'nope'), 'resources/subscribe')?.detail).toContain(
      'does not implement resources/subscribe',
    );
  });

  it('gives other codes as they are', () => {
    expect(describeProblem(errorOutcome('resources/read', -31000, 'quota'), 'resources/read')?.title).toBe('Error -31000');
  });

  it('carries the message of timeouts, closed connections and refusals', () => {
    const request = { id: 1, method: 'resources/read', raw: '', sentAt: 0 };
    expect(describeProblem({ status: 'timeout', request, elapsedMs: 30000, message: 'No response within 30000 ms.' }, 'resources/read')).toMatchObject({
      title: 'No response',
      detail: expect.stringContaining('No response within 30000 ms.'),
    });
    expect(describeProblem({ status: 'closed', request, message: 'The server exited.' }, 'resources/read')?.title).toBe('Connection closed');
    expect(describeProblem({ status: 'refused', message: 'Not connected.' }, 'resources/read')).toEqual({ title: 'Not sent', detail: 'Not connected.' });
  });
});
