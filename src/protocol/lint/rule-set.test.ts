// The rule set contract: a rule set given to the Linter as a table only is
// dispatched by era (or its predicate), kind, method and sender, each hook with
// the frame's own context; and a frame's era is its own, however the
// connection's frames interleave.

import { describe, expect, it } from 'vitest';
import { Linter } from './linter.js';
import type { Era, FrameContext, RuleSet } from './rule-set.js';

const V = '2026-07-28';
const modernMeta = {
  'io.modelcontextprotocol/protocolVersion': V,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'c', version: '1' },
};
const frame = (linter: Linter, sender: 'client' | 'server', message: unknown, seq: number) => linter.frame(sender, JSON.stringify(message), { seq, at: seq });

/** A rule set of the kind the next ones will be: it watches tool calls of 2026-07-28 and says what it saw. */
const toolCallWatch: RuleSet<{ calls: string[] }> = {
  id: 'tool-call watch',
  era: 'modern',
  state: () => ({ calls: [] }),
  hooks: [
    {
      on: 'request',
      method: 'tools/call',
      sender: 'client',
      check: 'watch (request)',
      run: (ctx, state) => {
        const name = (ctx.params as { name?: string }).name ?? '?';
        state.calls.push(name);
        ctx.report('META-KEY', `saw a call of ${name} under ${ctx.version}`, ctx.sender, 'info');
      },
    },
    {
      on: 'result',
      method: 'tools/call',
      check: 'watch (result)',
      run: (ctx, state) => ctx.report('META-KEY', `saw the answer to call ${state.calls.length}, id ${ctx.id?.text}`, ctx.sender, 'info'),
    },
    {
      on: 'error',
      check: 'watch (error)',
      run: () => {
        throw new Error('a bug in the watch');
      },
    },
  ],
};

const watched = (findings: readonly { message: string; seq?: number }[]) =>
  findings.filter((f) => f.message.startsWith('saw') || f.message.includes('watch')).map((f) => [f.seq, f.message]);

describe('a rule set added as a table', () => {
  it('is called by era, kind, method and sender, with its own state per connection', () => {
    const linter = new Linter({ offeredVersion: V, ruleSets: [toolCallWatch] });
    frame(linter, 'client', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'weather', arguments: {}, _meta: modernMeta } }, 0);
    frame(linter, 'client', { jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: modernMeta } }, 1);
    frame(linter, 'server', { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'from the server' } }, 2);
    frame(linter, 'server', { jsonrpc: '2.0', id: 2, result: { resultType: 'complete', tools: [] } }, 3);
    frame(linter, 'server', { jsonrpc: '2.0', id: 1, result: { resultType: 'complete', content: [] } }, 4);
    expect(watched(linter.findings)).toEqual([
      [0, `saw a call of weather under ${V}`],
      [4, 'saw the answer to call 1, id 1'],
    ]);
    // A second connection starts with fresh state.
    const next = new Linter({ offeredVersion: V, ruleSets: [toolCallWatch] });
    frame(next, 'client', { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'x', _meta: modernMeta } }, 0);
    frame(next, 'server', { jsonrpc: '2.0', id: 9, result: { resultType: 'complete', content: [] } }, 1);
    expect(watched(next.findings)).toEqual([
      [0, `saw a call of x under ${V}`],
      [1, 'saw the answer to call 1, id 9'],
    ]);
  });

  it('is not called on frames of another era', () => {
    const linter = new Linter({ offeredVersion: '2025-11-25', ruleSets: [toolCallWatch] });
    frame(linter, 'client', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'legacy', arguments: {} } }, 0);
    frame(linter, 'server', { jsonrpc: '2.0', id: 1, result: { content: [] } }, 1);
    frame(linter, 'client', { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'modern', arguments: {}, _meta: modernMeta } }, 2);
    expect(watched(linter.findings)).toEqual([[2, `saw a call of modern under ${V}`]]);
  });

  it('a hook that throws becomes a LINT-INTERNAL finding naming it, and the built-in rules still run', () => {
    const linter = new Linter({ offeredVersion: V, ruleSets: [toolCallWatch] });
    frame(linter, 'client', { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: modernMeta } }, 0);
    const found = frame(linter, 'server', { jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'down' } }, 1);
    const internal = found.filter((f) => f.rule === 'LINT-INTERNAL');
    expect(internal).toHaveLength(1);
    expect(internal[0]!.message).toContain("The check watch (error) failed on the server's error response to id 1 (Error: a bug in the watch)");
  });

  it('a rule set keyed by a predicate on the frame context is asked on every frame', () => {
    const seen: string[] = [];
    const serverOnly: RuleSet = {
      id: 'server frames',
      era: (ctx) => ctx.sender === 'server',
      hooks: [{ on: ['request', 'notification', 'result', 'error'], check: 'record', run: (ctx) => void seen.push(`${ctx.kind} ${ctx.method} (${ctx.era})`) }],
    };
    const linter = new Linter({ offeredVersion: '2025-11-25', ruleSets: [serverOnly] });
    frame(linter, 'client', { jsonrpc: '2.0', id: 1, method: 'ping' }, 0);
    frame(linter, 'server', { jsonrpc: '2.0', id: 1, result: {} }, 1);
    frame(linter, 'server', { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x' } }, 2);
    frame(linter, 'client', { jsonrpc: '2.0', id: 2, method: 'server/discover', params: { _meta: modernMeta } }, 3);
    frame(linter, 'server', { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'no' } }, 4);
    expect(seen).toEqual(['result ping (legacy)', 'notification notifications/message (legacy)', 'error server/discover (modern)']);
  });
});

describe('the era of each frame comes from its context', () => {
  /** Records each frame's era and version as its hooks see them. */
  const recorder = (seen: string[]): RuleSet => ({
    id: 'era recorder',
    era: ['legacy', 'modern'] satisfies Era[],
    hooks: [
      {
        on: ['request', 'notification', 'result', 'error'],
        check: 'record',
        run: (ctx: FrameContext) => void seen.push(`${ctx.kind} ${ctx.method}: ${ctx.era} ${ctx.version}`),
      },
    ],
  });

  it('interleaved legacy and modern frames on one connection are each judged, and linked, in their own era', () => {
    const seen: string[] = [];
    const linter = new Linter({ offeredVersion: '2025-11-25', ruleSets: [recorder(seen)] });
    frame(linter, 'client', { jsonrpc: '2.0', id: 1, method: 'ping' }, 0);
    frame(linter, 'client', { jsonrpc: '2.0', id: 2, method: 'server/discover', params: { _meta: modernMeta } }, 1);
    // The legacy ping is answered after the connection went on to 2026-07-28: still the legacy rules, linking to 2025-11-25.
    frame(linter, 'server', { jsonrpc: '2.0', id: 1, result: { not: 'empty' } }, 2);
    frame(linter, 'server', { jsonrpc: '2.0', id: 2, result: { resultType: 'complete', supportedVersions: [V], capabilities: {} } }, 3);
    expect(seen).toEqual([
      'request ping: legacy 2025-11-25',
      `request server/discover: modern ${V}`,
      'result ping: legacy 2025-11-25',
      `result server/discover: modern ${V}`,
    ]);
    const links = linter.findings.map((f) => [f.seq, f.rule, f.specUrl.replace('https://modelcontextprotocol.io/specification/', '')]);
    expect(links).toContainEqual([2, 'PING-RESULT', '2025-11-25/basic/utilities/ping#behavior-requirements']);
    expect(links.filter(([seq]) => seq === 2).every(([, , url]) => String(url).startsWith('2025-11-25/'))).toBe(true);
    expect(links.filter(([seq]) => seq === 3).every(([, , url]) => String(url).startsWith(`${V}/`))).toBe(true);
    expect(links.some(([seq]) => seq === 3)).toBe(true);
  });

  it('the answer to a legacy request links to the legacy spec after the connection went on to 2026-07-28', () => {
    const linter = new Linter({ offeredVersion: '2025-11-25' });
    frame(linter, 'client', { jsonrpc: '2.0', id: 1, method: 'ping' }, 0);
    frame(linter, 'client', { jsonrpc: '2.0', id: 2, method: 'server/discover', params: { _meta: modernMeta } }, 1);
    const found = frame(linter, 'server', { jsonrpc: '2.0', id: 1, result: { not: 'empty' } }, 2);
    expect(found.map((f) => [f.rule, f.specUrl])).toEqual([
      ['PING-RESULT', 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/ping#behavior-requirements'],
    ]);
  });
});
