// Auto (server/discover first, initialize as the fallback) over a real stdio
// upstream, against the two demos and the bad-input fixtures of 2026-07-28:
// each ends in the generation it should, or in a sentence, never a hang.
import { afterEach, describe, expect, it } from 'vitest';
import type { TransportConfig } from '../src/protocol/wire.js';
import { demo, requireBuiltDemo } from '../test/fixtures/cli-helpers.js';
import { LEGACY_ONLY, MODERN, modernFixtures } from '../test/fixtures/modern-fixtures.js';
import { modernDemoServerPath } from '../proxy/paths.js';
import { MODERN_DEMO_NAME, MODERN_DEMO_TOOLS } from '../examples/servers/modern/catalog.js';
import { CliConnection, CliError } from './connection.js';

const open: CliConnection[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

const stdio = (script: string, args: string[] = []): TransportConfig => ({ kind: 'stdio', command: process.execPath, args: [script, ...args], env: {} });

async function auto(script: string, args: string[] = []): Promise<CliConnection> {
  const c = await CliConnection.open(stdio(script, args), { protocolVersion: 'auto', timeoutMs: 5000, elicitation: 'decline' });
  open.push(c);
  return c;
}

async function refusal(script: string, args: string[] = []): Promise<string> {
  const failed = await auto(script, args).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(failed).toBeInstanceOf(CliError);
  return (failed as CliError).message;
}

describe('Auto against the demos', () => {
  requireBuiltDemo();

  it('speaks 2026-07-28 to the modern demo and lists its tools', async () => {
    const c = await auto(modernDemoServerPath);
    expect(c.session.era).toBe('modern');
    expect(c.session.protocolVersion).toBe(MODERN);
    expect(c.info?.serverInfo?.name).toBe(MODERN_DEMO_NAME);
    const listed = (await c.call('tools/list', {})) as { tools: Array<{ name: string }> };
    expect(listed.tools.map((t) => t.name)).toEqual([...MODERN_DEMO_TOOLS]);
  });

  it('falls back to initialize for the 2025 demo', async () => {
    const c = await auto(demo);
    expect(c.session.era).toBe('legacy');
    expect(c.info?.serverInfo?.name).toBe('mcpscope-demo');
  });
});

describe('Auto against the bad-input fixtures', () => {
  it('falls back to initialize when server/discover is never answered', async () => {
    const c = await auto(modernFixtures.silentDiscover);
    expect(c.session.era).toBe('legacy');
    expect(c.info?.serverInfo?.name).toBe('silent-discover');
  });

  it('follows -32022 to the 2025 version the server lists', async () => {
    const c = await auto(modernFixtures.unsupportedVersion);
    expect(c.session.era).toBe('legacy');
    expect(c.session.protocolVersion).toBe(LEGACY_ONLY[0]);
  });

  it.each(['not-object', 'no-versions', 'string'])('fails with a sentence on a garbage discover (%s)', async (shape) => {
    expect(await refusal(modernFixtures.discoverGarbage, ['--shape', shape])).toMatch(/server\/discover/);
  });

  it('connects to the liar as modern, and its "not initialized" answers say what happened', async () => {
    const c = await auto(modernFixtures.discoverLiar);
    expect(c.session.era).toBe('modern');
    await expect(c.call('tools/list', {})).rejects.toThrow(/does not serve 2026-07-28 requests, whatever its server\/discover said/);
  });
});
