// The CLI against remote servers over HTTP: server-everything (Streamable
// HTTP) and a bare JSON-RPC endpoint that does not implement initialize.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bareJsonRpcFixture, everythingFixture, startFixture, type FixtureProcess } from '../test/fixtures/http-fixture-process.js';
import { cli } from '../test/fixtures/cli-helpers.js';

let everything: FixtureProcess;
let bare: FixtureProcess;

beforeAll(async () => {
  [everything, bare] = await Promise.all([startFixture(everythingFixture, ['streamableHttp']), startFixture(bareJsonRpcFixture)]);
}, 30_000);

afterAll(async () => {
  await Promise.all([everything?.stop(), bare?.stop()]);
});

describe('mcpscope CLI over HTTP', () => {
  it('pings and checks server-everything over Streamable HTTP', async () => {
    const url = `${everything.origin}/mcp`;
    const ping = await cli('--url', url, 'ping');
    expect(ping.err).toBe('');
    expect(ping.code).toBe(0);
    expect(ping.out).toMatch(/Compliant/);
    const check = await cli('--url', url, '--json', 'check');
    const report = JSON.parse(check.out);
    expect(report.steps.find((s: { name: string }) => s.name === 'initialize').status).toBe('pass');
    expect(report.findings.filter((f: { severity: string }) => f.severity === 'error')).toEqual([]);
  });

  it('a bare JSON-RPC server: initialize is refused with a hint; --no-initialize calls add', async () => {
    const refused = await cli('--url', bare.origin, 'tools', 'call', 'add', '--arg', 'a=3', '--arg', 'b=5');
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/does not implement initialize\.\nPass --no-initialize to use it anyway\./);
    const added = await cli('--url', bare.origin, '--no-initialize', 'tools', 'call', 'add', '--arg', 'a=3', '--arg', 'b=5');
    expect(added).toMatchObject({ code: 0, out: '8' });
  });

  it('nothing listening: a clear message, exit 1', async () => {
    const r = await cli('--url', 'http://127.0.0.1:9/mcp', 'ping');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/refused|not reach|connect/i);
  });
});
