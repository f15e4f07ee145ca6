// `mcpscope test --from`: a real capture (mcpscope wrap between a scripted host
// and server-everything) made into a test file, which then passes against the
// same server.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, everything } from '../../test/fixtures/cli-helpers.js';
import { waitFor } from '../../test/fixtures/proxy-helpers.js';
import { runWrap, scratch } from '../../test/fixtures/wrap-helpers.js';

const requests = [
  { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'host', version: '1' } } },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo', arguments: { message: 'from a capture' } } },
  { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'get-sum', arguments: { a: 20, b: 22 } } },
  { jsonrpc: '2.0', id: 4, method: 'resources/read', params: { uri: 'demo://nothing/here' } },
  { jsonrpc: '2.0', id: 5, method: 'resources/read', params: { uri: 'demo://resource/static/document/architecture.md' } },
  { jsonrpc: '2.0', id: 6, method: 'prompts/get', params: { name: 'args-prompt', arguments: { city: 'Lisbon' } } },
];

describe('mcpscope test --from CAPTURE FILE', { timeout: 60_000 }, () => {
  it('makes each call, read and prompt of a capture a step with its result as the match; the file passes', async () => {
    const dir = scratch();
    const capture = join(dir, 'session.jsonl');
    const run = runWrap(['--capture', capture, '--', process.execPath, everything], dir);
    for (const r of requests) run.child.stdin.write(`${JSON.stringify(r)}\n`);
    await waitFor(() => run.stdout().toString().includes('"id":6'), 20_000, 'the answer to the prompt');
    run.child.stdin.end();
    await run.exited;

    const file = join(dir, 'replay.test.yaml');
    const made = await cli('test', '--from', capture, file);
    expect(made.err).toBe('');
    expect(made.out).toContain(`Wrote 4 steps to ${file}, each with the result it recorded as its match.`);
    expect(made.code).toBe(0);
    const yaml = readFileSync(file, 'utf8');
    expect(yaml).toContain('protocolVersion: 2025-06-18');
    expect(yaml).toMatch(
      /- call: get-sum\n {4}arguments:\n {6}a: 20\n {6}b: 22\n {4}expect:\n {6}isError: false\n {6}match:\n {8}content:\n {10}- type: text\n {12}text: The sum of 20 and 22 is 42\./,
    );
    // A request answered with a JSON-RPC error is no step: the format has no expectation for one.
    expect(made.out).toContain('Left out resources/read of record');
    expect(yaml).not.toContain('demo://nothing/here');

    const replay = await cli('test', file);
    expect(replay.out).not.toContain('created');
    expect(existsSync(join(dir, 'replay.test.snap.json'))).toBe(false);
    expect(replay.out).toContain('4 steps: 4 passed, 0 failed');
    expect(replay.code).toBe(0);

    const again = await cli('test', '--from', capture, file);
    expect(again).toMatchObject({ code: 2, err: expect.stringContaining(`${file} is there already: give a new file name (nothing was written).`) });
  });

  it('says why a capture cannot become a test', async () => {
    const dir = scratch();
    const none = await cli('test', '--from', join(dir, 'missing.jsonl'), join(dir, 'a.test.yaml'));
    expect(none).toMatchObject({ code: 2, err: expect.stringContaining('missing.jsonl: there is no such file.') });
    expect(existsSync(join(dir, 'a.test.yaml'))).toBe(false);
    expect((await cli('test', '--from', 'x.jsonl', 'a.test.yaml', 'b.test.yaml')).err).toContain('--from CAPTURE takes one test file to write');
  });
});
