// "Save as test" in the page: the file name and status line, and the sentence
// that says why nothing was saved.
import { describe, expect, it } from 'vitest';
import type { InitializeInfo, RequestOutcome, Tool } from '../../../protocol/index.js';
import type { ConnectionSnapshot } from '../../connection/snapshot.js';
import type { LogEntry } from '../../stores/log-store.js';
import type { ToolCallRecord } from '../tools/tools-store.js';
import { logHeader } from '../../../protocol/index.js';
import { callTest, connectionTest, importedTest } from './save-test.js';

const info = { protocolVersion: '2025-06-18', serverInfo: { name: 'demo server', version: '1.2' } } as InitializeInfo;
const snapshot: ConnectionSnapshot = {
  connection: 2,
  status: 'ready',
  sessionState: 'ready',
  offeredVersion: '2025-06-18',
  versionChoice: 'auto',
  transport: { kind: 'stdio', command: 'node', args: ['demo.mjs'], env: {} },
  info,
};
const at = new Date('2026-12-02T04:00:00Z');

let seq = 0;
function entry(connection: number, direction: 'out' | 'in', frame: Record<string, unknown>, pairSeq?: number): LogEntry {
  const raw = JSON.stringify({ jsonrpc: '2.0', ...frame });
  const kind = 'method' in frame ? 'request' : 'response';
  const method = typeof frame.method === 'string' ? { method: frame.method } : {};
  return { seq: ++seq, at: 0, t: 0, connection, direction, kind, raw, size: raw.length, ...method, ...(pairSeq ? { pairSeq } : {}) };
}

describe('connectionTest', () => {
  it("saves the calls of the scope's current connection only, and says how many steps", () => {
    seq = 0;
    const entries = [
      entry(1, 'out', { id: 1, method: 'tools/call', params: { name: 'old', arguments: {} } }),
      entry(1, 'in', { id: 1, result: { content: [] } }, 1),
      entry(2, 'out', { id: 1, method: 'tools/call', params: { name: 'echo', arguments: { message: 'a' } } }),
      entry(2, 'in', { id: 1, result: { content: [{ type: 'text', text: 'a' }] } }, 3),
      entry(2, 'out', { id: 2, method: 'tools/call', params: { name: 'echo', arguments: { message: 'b' } } }),
    ];
    const saved = connectionTest(snapshot, entries, at);
    expect(saved).toMatchObject({
      ok: true,
      fileName: 'demo-server.mcpscope-test.yaml',
      message: 'Saved 1 step to demo-server.mcpscope-test.yaml. 1 request left out: the comments at the top of the file say why.',
    });
    if (!saved.ok) return;
    expect(saved.text).toContain('# Made in mcpscope from connection 2 of the page (demo server 1.2), 2026-12-02T04:00:00.000Z;');
    expect(saved.text).toContain('protocolVersion: auto');
    expect(saved.text).not.toContain('call: old');
  });

  it('says why nothing was saved', () => {
    expect(connectionTest(null, [])).toEqual({ ok: false, message: 'Connect to a server first: a test is made from the calls of a connection.' });
    seq = 0;
    const listOnly = [entry(2, 'out', { id: 1, method: 'tools/list' }), entry(2, 'in', { id: 1, result: { tools: [] } }, 1)];
    expect(connectionTest(snapshot, listOnly)).toEqual({
      ok: false,
      message: 'No tool calls on this connection yet: call a tool (or read a resource, get a prompt), then Save as test.',
    });
  });
});

describe('callTest', () => {
  const tool: Tool = { name: 'add', inputSchema: { type: 'object' } };
  const record = (outcome: RequestOutcome): ToolCallRecord => ({ seq: 1, tool, arguments: { a: 1 }, startedAt: 0, durationMs: 1, outcome, sentAnyway: false });

  it('saves the one call with its result', () => {
    const outcome = { status: 'result', result: { content: [{ type: 'text', text: '1' }] } } as RequestOutcome;
    expect(callTest(snapshot, record(outcome), at)).toMatchObject({ ok: true, message: 'Saved 1 step to demo-server.mcpscope-test.yaml.' });
  });

  it('says why a call without a result cannot be saved', () => {
    const outcome = { status: 'timeout', elapsedMs: 5, message: 'No response' } as RequestOutcome;
    expect(callTest(snapshot, record(outcome))).toEqual({
      ok: false,
      message: 'This call of add ended without a result (Timed out): only a call with a result can become a test.',
    });
  });
});

describe('importedTest', () => {
  const header = logHeader({ name: 'weather', command: 'node weather.js' }, new Date('2026-12-01T00:00:00Z'));
  const log = (entries: LogEntry[]) => ({ fileName: 'session.jsonl', header, entries, problems: [], indexOfSeq: new Map() });

  it("makes the imported log's calls a test of the server its header names", () => {
    seq = 0;
    const entries = [
      entry(1, 'out', { id: 1, method: 'tools/call', params: { name: 'forecast', arguments: { city: 'Lisbon' } } }),
      entry(1, 'in', { id: 1, result: { content: [{ type: 'text', text: 'Sun' }] } }, 1),
    ];
    const saved = importedTest(log(entries));
    expect(saved).toMatchObject({ ok: true, fileName: 'weather.mcpscope-test.yaml', message: 'Saved 1 step to weather.mcpscope-test.yaml.' });
    if (saved.ok) expect(saved.text).toContain("# Made by mcpscope's page from a capture of 2026-12-01T00:00:00.000Z;");
  });

  it('says so when the file has nothing to make a step of', () => {
    expect(importedTest(log([]))).toEqual({ ok: false, message: 'session.jsonl has no tool call, resource read or prompt get to make a test of.' });
  });
});
