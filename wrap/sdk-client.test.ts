// A real host, not one we wrote: the official SDK's Client over its
// StdioClientTransport, once straight to server-everything and once through
// `mcpscope wrap`, gets the same answers; and the capture holds the host's
// initialize as the client side.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { readLogFile } from '../src/app/features/log/log-file.js';
import { requireBuilt } from '../test/fixtures/proxy-helpers.js';
import { bin, builtWrap, scratch } from '../test/fixtures/wrap-helpers.js';

const everything = join(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json'), '..', 'dist', 'index.js');

beforeAll(() => requireBuilt(builtWrap));

async function session(command: string, args: string[], env: Record<string, string>) {
  const client = new Client({ name: 'wrap-test-host', version: '1.2.3' });
  await client.connect(new StdioClientTransport({ command, args, env, stderr: 'pipe' }));
  try {
    return {
      server: client.getServerVersion(),
      capabilities: client.getServerCapabilities(),
      tools: await client.listTools(),
      echo: await client.callTool({ name: 'echo', arguments: { message: 'héllo, wrapped 🌍' } }),
      sum: await client.callTool({ name: 'get-sum', arguments: { a: 2, b: 3 } }),
      // The environment the server got: the host's, unchanged by the wrapper.
      env: await client.callTool({ name: 'get-env', arguments: {} }),
      missing: await client.callTool({ name: 'no-such-tool', arguments: {} }).catch((e: unknown) => String(e)),
    };
  } finally {
    await client.close();
  }
}

describe('the SDK client through mcpscope wrap', () => {
  it('lists and calls server-everything tools with the same results as without it', async () => {
    const dir = scratch();
    const capture = join(dir, 'host.jsonl');
    const env = { PATH: process.env.PATH ?? '', HOME: dir, XDG_CONFIG_HOME: dir, WRAP_TEST_MARK: 'same env' };
    const direct = await session(process.execPath, [everything, 'stdio'], env);
    const wrapped = await session(process.execPath, [bin, 'wrap', '--capture', capture, '--', process.execPath, everything, 'stdio'], env);
    expect(direct.tools.tools.length).toBeGreaterThan(5);
    expect(JSON.parse((direct.env.content as Array<{ text: string }>)[0]!.text)).toMatchObject({ WRAP_TEST_MARK: 'same env' });
    expect(wrapped).toEqual(direct);

    const opened = await readLogFile(new File([readFileSync(capture)], 'host.jsonl'));
    if (!opened.ok) throw new Error(opened.error);
    const initialize = opened.log.entries.find((e) => e.direction === 'out' && e.method === 'initialize');
    expect(JSON.parse(initialize!.raw)).toMatchObject({ params: { clientInfo: { name: 'wrap-test-host', version: '1.2.3' } } });
    const calls = opened.log.entries.filter((e) => e.direction === 'out' && e.method === 'tools/call').length;
    expect(calls).toBe(4);
    // Each answer of the server is paired with the host's request: its method, the request's seq, the round trip.
    const answers = opened.log.entries.filter((e) => e.direction === 'in' && (e.kind === 'response' || e.kind === 'error'));
    expect(answers.length).toBeGreaterThanOrEqual(6);
    expect(answers.filter((e) => e.pairSeq === undefined || e.rtt === undefined)).toEqual([]);
    expect(answers.filter((e) => e.method === 'tools/call')).toHaveLength(4);
    expect(opened.log.entries[answers[0]!.pairSeq! - 1]).toMatchObject({ direction: 'out', method: 'initialize' });
  });
});
