// The roots rules, each with a failing example and a passing one.
import { describe, expect, it } from 'vitest';
import { Linter } from './linter.js';
import { specUrl } from './rules.js';

const initialize = (capabilities: Record<string, unknown>) => [
  { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities, clientInfo: { name: 't', version: '1' } } },
];
const handshake = (capabilities: Record<string, unknown>): Array<['client' | 'server', unknown]> => [
  ['client', initialize(capabilities)[0]],
  ['server', { jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } } }],
  ['client', { jsonrpc: '2.0', method: 'notifications/initialized' }],
];
const rootsList: ['server', unknown] = ['server', { jsonrpc: '2.0', id: 'r1', method: 'roots/list' }];
const rootsAnswer = (roots: unknown): ['client', unknown] => ['client', { jsonrpc: '2.0', id: 'r1', result: { roots } }];
const listChanged: ['client', unknown] = ['client', { jsonrpc: '2.0', method: 'notifications/roots/list_changed' }];

function findings(steps: Array<['client' | 'server', unknown]>) {
  const linter = new Linter({ offeredVersion: '2025-11-25' });
  for (const [sender, frame] of steps) linter.frame(sender, JSON.stringify(frame));
  return linter.findings.map(({ rule, message, subject }) => ({ rule, message, subject }));
}

describe('roots lint rules', () => {
  it('ROOTS-URI: a roots/list result with a root that is not file://', () => {
    const found = findings([
      ...handshake({ roots: { listChanged: true } }),
      rootsList,
      rootsAnswer([{ uri: 'file:///ok' }, { uri: 'https://example.com/repo', name: 'web' }]),
    ]);
    expect(found).toEqual([
      {
        rule: 'ROOTS-URI',
        subject: 'client',
        message: 'The roots/list result is not a list of file:// roots: root 2 has uri "https://example.com/repo", which is not a file:// URI.',
      },
    ]);
    expect(specUrl('ROOTS-URI', '2025-11-25')).toBe('https://modelcontextprotocol.io/specification/2025-11-25/client/roots#root');
  });

  it('ROOTS-URI: file:// roots pass', () => {
    expect(findings([...handshake({ roots: { listChanged: true } }), rootsList, rootsAnswer([{ uri: 'file:///a', name: 'A' }])])).toEqual([]);
  });

  it('CAP-UNDECLARED: the server asks for roots/list of a client that did not declare roots', () => {
    const found = findings([...handshake({}), rootsList]);
    expect(found).toEqual([
      { rule: 'CAP-UNDECLARED', subject: 'server', message: 'roots/list needs the client capability roots, which this client did not declare.' },
    ]);
  });

  it('CAP-UNDECLARED: the client announces a roots change without roots, or without listChanged', () => {
    expect(findings([...handshake({}), listChanged])).toEqual([
      {
        rule: 'CAP-UNDECLARED',
        subject: 'client',
        message: 'The client sent notifications/roots/list_changed but did not declare the roots capability in initialize.',
      },
    ]);
    expect(findings([...handshake({ roots: {} }), listChanged])).toEqual([
      {
        rule: 'CAP-UNDECLARED',
        subject: 'client',
        message: 'The client sent notifications/roots/list_changed but declared roots without listChanged: true, so the server does not expect it.',
      },
    ]);
    expect(findings([...handshake({ roots: { listChanged: true } }), listChanged])).toEqual([]);
  });
});
