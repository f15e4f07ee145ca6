// check --no-initialize on a bare JSON-RPC server: every step that needs no
// handshake still runs, and the protocol is said to be not negotiated.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bareJsonRpcFixture, startFixture, type FixtureProcess } from '../test/fixtures/http-fixture-process.js';
import { cli } from '../test/fixtures/cli-helpers.js';

let bare: FixtureProcess;

beforeAll(async () => {
  bare = await startFixture(bareJsonRpcFixture);
}, 30_000);

afterAll(async () => {
  await bare?.stop();
});

describe('check --no-initialize on a bare JSON-RPC server', () => {
  it('runs tools/list and the other steps, and says no version was negotiated', async () => {
    const r = await cli('--url', bare.origin, '--no-initialize', 'check');
    expect(r.out).toContain('protocol not negotiated (no initialize)');
    expect(r.out).not.toContain('protocol 2025-11-25');
    expect(r.out).toMatch(/✓\s+legacy\s+no initialize: version not negotiated/);
    // Not speaking 2026-07-28 is information, with no advice meant for someone else.
    expect(r.out).toMatch(
      /–\s+modern\s+server\/discover got error -32601 \(Method not found: server\/discover\): this server does not seem to speak 2026-07-28\.$/m,
    );
    expect(r.out).toMatch(/✓\s+tools\/list\s+2 tools on 1 page/);
    expect(r.out).toMatch(/ping with params/);
    expect(r.out).not.toMatch(/Choose Auto/);
  });

  it('--json: protocolVersion is null, not a version that was never negotiated', async () => {
    const r = await cli('--url', bare.origin, '--no-initialize', '--json', 'check');
    const report = JSON.parse(r.out);
    expect(report.protocolVersion).toBeNull();
    expect(report.generations.legacy).toEqual({ speaks: true, detail: 'no initialize: version not negotiated' });
    expect(report.generations.modern).toMatchObject({ speaks: false });
    expect(report.generations.modern.failed).toBeUndefined();
    expect(report.steps.map((s: { name: string }) => s.name)).toContain('tools/list');
  });
});
