// Every fault the protected demo can commit stops the flow at the right step,
// with a message naming the step (and the AUTH-* rule where lint has one),
// without looping and without a token or code in any view.
import { afterEach, describe, expect, it } from 'vitest';
import { oauthDemoFixture, startFixture, type FixtureProcess } from '../../test/fixtures/http-fixture-process.js';
import { everythingShown, harness, initialize, secretsOf, send } from '../../test/fixtures/oauth/authorizer-harness.js';

const started: FixtureProcess[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((f) => f.stop()));
});

interface Case {
  fault: string;
  step: string;
  /** In the message (and the step's error). */
  says: RegExp;
  /** The AUTH-* rule a finding of the step carries. */
  rule?: string;
  /** MCP requests sent in all (first try + retries). */
  sent: number;
  /** The Network view's last OAuth exchange: its step, state and problem. */
  last?: { authStep: string; state: string; problem?: string };
}

const CASES: Case[] = [
  {
    fault: 'prm-missing',
    step: 'resource-metadata',
    says: /step 2 \(Protected resource metadata\).*no document at the well-known URIs.*rule AUTH-DISCOVERY/,
    rule: 'AUTH-DISCOVERY',
    sent: 1,
  },
  { fault: 'prm-html', step: 'resource-metadata', says: /step 2 .*HTML.*rule AUTH-METADATA-FORMAT/, rule: 'AUTH-METADATA-FORMAT', sent: 1 },
  {
    fault: 'wrong-issuer',
    step: 'authorization-server-metadata',
    says: /step 3 \(Authorization server metadata\).*another-issuer.*rule AUTH-AS-ISSUER/,
    rule: 'AUTH-AS-ISSUER',
    sent: 1,
  },
  {
    fault: 'no-pkce',
    step: 'authorization-server-metadata',
    says: /step 3 .*code_challenge_methods_supported.*PKCE.*rule AUTH-PKCE/,
    rule: 'AUTH-PKCE',
    sent: 1,
  },
  {
    fault: 'refuse-registration',
    step: 'registration',
    says: /step 4 \(Client registration\).*invalid_client_metadata/,
    sent: 1,
    last: { authStep: 'registration', state: 'failed', problem: 'http-error' },
  },
  {
    fault: 'wrong-iss',
    step: 'callback',
    says: /step 6 \(Callback\) failed: The callback's iss does not name the authorization server .*the code was not redeemed \(rule AUTH-ISS\)\.$/,
    rule: 'AUTH-ISS',
    sent: 1,
  },
  { fault: 'token-500', step: 'token', says: /step 7 \(Token\).*500/, sent: 1, last: { authStep: 'token', state: 'failed', problem: 'server-error' } },
  // Its page echoes the code and code_verifier: the check below finds neither anywhere shown.
  {
    fault: 'token-echo',
    step: 'token',
    says: /step 7 \(Token\).*500 — it said: .*Internal Server Error/,
    sent: 1,
    last: { authStep: 'token', state: 'failed', problem: 'server-error' },
  },
  { fault: 'always-401', step: 'retry', says: /step 8 \(Retry\) failed: the server refused the new token: this demo refuses every token/, sent: 2 },
  {
    fault: 'wrong-audience',
    step: 'retry',
    says: /step 8 \(Retry\) failed: the server refused the new token: the token is for http:\/\/127\.0\.0\.1:9\/elsewhere\/mcp/,
    sent: 2,
  },
];

describe('the OAuth engine against each fault of the protected demo', () => {
  for (const c of CASES) {
    it(`${c.fault}: stops at ${c.step}`, async () => {
      const f = await startFixture(oauthDemoFixture, ['--fault', c.fault]);
      started.push(f);
      const mcpUrl = new URL('mcp', f.origin).href;
      const h = await harness(mcpUrl);
      const result = await send(h, mcpUrl, initialize);
      expect(result.status).toBe(401);
      expect(result.message).toMatch(c.says);
      expect(h.sent).toBe(c.sent);
      const flow = h.authorizer.current()!;
      expect(flow.state).toBe('failed');
      expect(flow.message).toBe(result.message);
      const failed = flow.steps.filter((s) => s.state === 'failed');
      expect(failed.map((s) => s.id)).toEqual([c.step]);
      expect(failed[0]!.error).toBe(result.message);
      if (c.rule) expect(failed[0]!.findings.map((x) => x.rule)).toContain(c.rule);
      if (c.last) {
        const last = h.exchanges.at(-1)!;
        expect({ authStep: last.authStep, state: last.state, problem: last.failure?.problem }).toEqual(c.last);
        expect(failed[0]!.exchanges.at(-1)!.status).toBe(last.status);
      }
      // Every step before the failed one finished (none left running), and nothing after it ran.
      const before = flow.steps.slice(0, failed[0]!.number - 1);
      expect(before.filter((s) => s.state !== 'done' && s.state !== 'skipped').map((s) => s.id)).toEqual([]);
      const after = flow.steps.slice(failed[0]!.number);
      expect(after.every((s) => s.state === 'pending')).toBe(true);
      const issuer = flow.issuer;
      if (issuer) for (const s of secretsOf(h, issuer, mcpUrl)) expect(everythingShown(h)).not.toContain(s);
      for (const s of h.delivered.map((u) => new URL(u).searchParams.get('code')).filter((x) => x)) expect(everythingShown(h)).not.toContain(s);
    });
  }

  it('wrong-iss: the code is not redeemed (no token request)', async () => {
    const f = await startFixture(oauthDemoFixture, ['--fault', 'wrong-iss']);
    started.push(f);
    const mcpUrl = new URL('mcp', f.origin).href;
    const h = await harness(mcpUrl);
    await send(h, mcpUrl, initialize);
    expect(h.exchanges.map((e) => e.authStep)).not.toContain('token');
    expect(h.store.summary()[0]!.resources).toEqual([]);
  });
});
