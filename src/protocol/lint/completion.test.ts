import { describe, expect, it } from 'vitest';
import { Linter } from './linter.js';
import type { Finding } from './state.js';

function session(version: string, capabilities: Record<string, unknown>): Linter {
  const linter = new Linter({ offeredVersion: version });
  const frames: Array<['client' | 'server', unknown]> = [
    [
      'client',
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 't', version: '1' } } },
    ],
    ['server', { jsonrpc: '2.0', id: 1, result: { protocolVersion: version, capabilities, serverInfo: { name: 's', version: '1' } } }],
    ['client', { jsonrpc: '2.0', method: 'notifications/initialized' }],
  ];
  for (const [sender, frame] of frames) linter.frame(sender, JSON.stringify(frame));
  return linter;
}

const ask = { jsonrpc: '2.0', id: 7, method: 'completion/complete', params: { ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: '' } } };

/** The findings of one completion/complete exchange answered with `completion`. */
function complete(completion: unknown, version = '2025-11-25', capabilities: Record<string, unknown> = { completions: {} }): Finding[] {
  const linter = session(version, capabilities);
  return [...linter.frame('client', JSON.stringify(ask)), ...linter.frame('server', JSON.stringify({ jsonrpc: '2.0', id: 7, result: { completion } }))];
}

describe('COMPLETION-RESULT', () => {
  it('passes a well-formed answer', () => {
    expect(complete({ values: ['Alice', 'Bob'], total: 57, hasMore: true })).toEqual([]);
  });

  it('fails an answer of more than 100 values', () => {
    const findings = complete({ values: Array.from({ length: 101 }, (_, i) => `v${i}`) });
    expect(findings.map((f) => [f.rule, f.subject, f.severity])).toEqual([['COMPLETION-RESULT', 'server', 'error']]);
    expect(findings[0]!.message).toContain('101 values were sent; at most 100 are allowed');
    expect(findings[0]!.specUrl).toBe('https://modelcontextprotocol.io/specification/2025-11-25/server/utilities/completion#completion-results');
  });

  it('fails values that are not strings', () => {
    const findings = complete({ values: ['a', 2, { b: 1 }] });
    expect(findings.map((f) => f.rule)).toEqual(['COMPLETION-RESULT']);
    expect(findings[0]!.message).toContain('2 values are not a string');
  });

  it('fails a total smaller than the values sent', () => {
    const findings = complete({ values: ['a', 'b', 'c'], total: 2 });
    expect(findings.map((f) => f.rule)).toEqual(['COMPLETION-RESULT']);
    expect(findings[0]!.message).toContain('total is 2, fewer than the 3 values sent');
  });

  it('leaves an error answer alone', () => {
    const linter = session('2025-11-25', { completions: {} });
    linter.frame('client', JSON.stringify(ask));
    expect(linter.frame('server', JSON.stringify({ jsonrpc: '2.0', id: 7, error: { code: -32602, message: 'no such prompt' } }))).toEqual([]);
  });
});

describe('CAP-UNDECLARED for completion/complete', () => {
  it('fails a completion/complete sent to a server without the completions capability', () => {
    const findings = complete({ values: [] }, '2025-11-25', { prompts: {} });
    expect(findings.map((f) => [f.rule, f.subject])).toEqual([['CAP-UNDECLARED', 'client']]);
    expect(findings[0]!.message).toBe('completion/complete needs the server capability completions, which the server did not declare.');
  });

  it('does not ask 2024-11-05 servers for a capability that version did not have', () => {
    expect(complete({ values: [] }, '2024-11-05', { prompts: {} })).toEqual([]);
    expect(complete({ values: [] }, '2025-03-26', { prompts: {} }).map((f) => f.rule)).toEqual(['CAP-UNDECLARED']);
  });
});
