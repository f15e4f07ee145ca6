// Plain JSON-RPC over HTTP: a bare endpoint that does not implement initialize.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, parseCallToolResult } from '../../../src/protocol/index.js';
import { bareJsonRpcFixture, startFixture, type FixtureProcess } from '../../../test/fixtures/http-fixture-process.js';
import { http, httpHarness } from '../../../test/fixtures/http-harness.js';

let bare: FixtureProcess;
beforeAll(async () => {
  bare = await startFixture(bareJsonRpcFixture);
});
afterAll(() => bare?.stop());

describe('a bare JSON-RPC server', () => {
  for (const mode of ['auto', 'plain'] as const) {
    it(`(${mode}) fails initialize with -32601, then works without it: ping, tools, resources`, async () => {
      const h = httpHarness(http(`${bare.origin}/`, mode));
      await h.upstream.start();
      const init = await h.session.initialize();
      expect(init.ok).toBe(false);
      expect(init.outcome.status === 'error' && init.outcome.error.code).toBe(ErrorCode.MethodNotFound);
      if (mode === 'auto') expect(await h.next('http-mode')).toMatchObject({ mode: 'plain', reason: expect.stringMatching(/-32601/) });

      h.session.markReadyWithoutInitialize();
      expect((await h.session.request('ping')).status).toBe('result');
      const tools = await h.session.request('tools/list');
      expect(tools.status === 'result' && (tools.result as { tools: Array<{ name: string }> }).tools.map((t) => t.name)).toEqual(['add', 'multiply']);
      const call = await h.session.request('tools/call', { name: 'add', arguments: { a: 3, b: 5 } });
      const parsed = call.status === 'result' ? parseCallToolResult(call.result) : undefined;
      expect(parsed?.ok && parsed.value.content[0]).toEqual({ type: 'text', text: '8' });
      const read = await h.session.request('resources/read', { uri: 'calc://about' });
      expect(read.status).toBe('result');

      // No session machinery: no session header, no GET stream, no DELETE.
      await h.upstream.shutdown();
      const xs = h.exchanges();
      expect(xs.every((x) => x.method === 'POST')).toBe(true);
      expect(xs.every((x) => !x.requestHeaders.some(([n]) => n === 'mcp-session-id' || n === 'mcp-protocol-version'))).toBe(true);
      expect((await h.next('close')).reason).toBe('Stopped by mcpscope.');
    });
  }
});
