// The CLI against a 2026-07-28 server over Streamable HTTP that rejects any
// request whose headers do not match its body (-32020 HeaderMismatch).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modernHttpFixture, startFixture, type FixtureProcess } from '../test/fixtures/http-fixture-process.js';
import { cli } from '../test/fixtures/cli-helpers.js';

let modern: FixtureProcess;

beforeAll(async () => {
  modern = await startFixture(modernHttpFixture);
}, 30_000);

afterAll(async () => {
  await modern?.stop();
});

describe('mcpscope CLI, 2026-07-28 over HTTP', () => {
  it('mirrors an x-mcp-header argument (Base64 when not ASCII), so the server accepts the call', async () => {
    const r = await cli('--url', `${modern.origin}/mcp`, '--protocol-version', '2026-07-28', 'tools', 'call', 'weather', '--arg', 'region=Zürich');
    expect(r).toMatchObject({ code: 0, out: 'Sunny in Zürich' });
  });

  it('refuses to call a tool whose x-mcp-header annotations are invalid, saying why', async () => {
    const r = await cli('--url', `${modern.origin}/mcp`, '--protocol-version', '2026-07-28', 'tools', 'call', 'broken_header', '--arg', 'score=1');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/broken_header was not called\. Excluded: .*property "score".*not number/);
  });
});
