// Guided mode (a pause before each step: Next step, Run all, Cancel) and the
// callback's bad inputs: a wrong state, the server's refusal, no answer at all,
// an opener that fails, a connection that closes while waiting.
import { describe, expect, it } from 'vitest';
import type { AuthFlowView, AuthStepId } from '../../src/protocol/index.js';
import { REFUSALS_TOLD_EVERY_MS, createCallbackRegistry } from './callbacks.js';
import { harness, type Harness } from '../../test/fixtures/oauth/authorizer-harness.js';
import { fakeOAuth } from '../../test/fixtures/oauth/fake-oauth.js';
import type { AuthorizerOptions } from './authorizer-types.js';

const AS = 'https://auth.example.com';
const CHALLENGE = { status: 401 as const, wwwAuthenticate: 'Bearer scope="mcp:basic"' };

async function setup(mode: 'guided' | 'quick', open?: (deliver: (url: URL) => void) => AuthorizerOptions['open'], callbackTimeoutMs?: number) {
  const fake = fakeOAuth({ prm: { authorizationServers: () => [AS] }, issuers: { [AS]: {} } });
  const callbacks = createCallbackRegistry();
  const h = await harness(fake.mcpUrl, {
    config: { mode },
    callbacks,
    open: open ? open((url) => callbacks.deliver(url)) : fake.opener(callbacks),
    // Looked up on each call, so a test may replace fake.fetch.
    extra: { fetch: (input, init) => fake.fetch(input, init), ...(callbackTimeoutMs !== undefined && { callbackTimeoutMs }) },
  });
  return { fake, h, callbacks };
}

/** Resolves with the first snapshot (from now on) that `predicate` accepts. */
async function until(h: Harness, predicate: (f: AuthFlowView) => boolean): Promise<AuthFlowView> {
  for (let i = 0; i < 200; i++) {
    const f = h.authorizer.current();
    if (f && predicate(f)) return f;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`no such flow state; last: ${JSON.stringify(h.authorizer.current()?.steps.map((s) => [s.id, s.state]))}`);
}

const pausedAt = (id: AuthStepId) => (f: AuthFlowView) => f.state === 'paused' && f.steps.find((s) => s.id === id)!.state === 'ready';

describe('guided mode', () => {
  it('pauses before every step and runs one per Next step', async () => {
    const { h, fake } = await setup('guided');
    const outcome = h.authorizer.handleChallenge(CHALLENGE);
    const order: AuthStepId[] = ['challenge', 'resource-metadata', 'authorization-server-metadata', 'registration', 'authorization', 'callback', 'token'];
    for (const id of order) {
      const f = await until(h, pausedAt(id));
      expect(f.message).toMatch(/Paused before step \d/);
      // Nothing of this step has happened yet.
      expect(f.steps.find((s) => s.id === id)!.exchanges).toEqual([]);
      if (id === 'authorization') expect(fake.authorizations).toEqual([]);
      if (id === 'token') {
        // The callback was checked on its own; the code is not redeemed before Next step.
        expect(f.steps.find((s) => s.id === 'callback')!.state).toBe('done');
        expect(fake.seen.some((r) => r.url.endsWith('/token'))).toBe(false);
      }
      h.authorizer.control(f.flowId, 'next');
    }
    expect(await outcome).toEqual({ retry: true });
    expect(h.authorizer.current()!.state).toBe('authorized');
  });

  it("shows the challenge's findings at the challenge step, before discovery runs, and only once", async () => {
    const { h } = await setup('guided');
    const outcome = h.authorizer.handleChallenge({ status: 401, wwwAuthenticate: 'Bearer scope="mcp:basic  mcp:read"' });
    h.authorizer.control((await until(h, pausedAt('challenge'))).flowId, 'next');
    const paused = await until(h, pausedAt('resource-metadata'));
    expect(paused.steps[0]!.findings.map((f) => f.rule)).toEqual(['AUTH-SCOPE-SYNTAX']);
    h.authorizer.control(paused.flowId, 'run-all');
    expect(await outcome).toEqual({ retry: true });
    expect(h.authorizer.current()!.steps[0]!.findings.map((f) => f.rule)).toEqual(['AUTH-SCOPE-SYNTAX']);
  });

  it('Run all runs the rest without stopping; controls of another flow are ignored', async () => {
    const { h } = await setup('guided');
    const outcome = h.authorizer.handleChallenge(CHALLENGE);
    const first = await until(h, pausedAt('challenge'));
    h.authorizer.control('not-this-flow', 'cancel');
    h.authorizer.control(first.flowId, 'next');
    const second = await until(h, pausedAt('resource-metadata'));
    h.authorizer.control(second.flowId, 'run-all');
    expect(await outcome).toEqual({ retry: true });
    const paused = h.flows.filter((f) => f.state === 'paused');
    expect(paused).toHaveLength(2);
    h.authorizer.control(first.flowId, 'cancel'); // finished: ignored
    expect(h.authorizer.current()!.state).toBe('authorized');
  });

  it('Cancel stops the flow: retry false, "cancelled by you"', async () => {
    const { h, fake } = await setup('guided');
    const outcome = h.authorizer.handleChallenge(CHALLENGE);
    for (const id of ['challenge', 'resource-metadata', 'authorization-server-metadata'] as const) {
      h.authorizer.control((await until(h, pausedAt(id))).flowId, 'next');
    }
    const r = await until(h, pausedAt('registration'));
    h.authorizer.control(r.flowId, 'cancel');
    expect(await outcome).toEqual({ retry: false, message: 'The authorization was cancelled by you.' });
    expect(h.authorizer.current()).toMatchObject({ state: 'cancelled', message: 'The authorization was cancelled by you.' });
    expect(fake.seen.some((s) => s.url.endsWith('/register'))).toBe(false);
  });

  it('a refresh never pauses, even in guided mode (it needs no decision)', async () => {
    const { h } = await setup('guided');
    const first = h.authorizer.handleChallenge(CHALLENGE);
    h.authorizer.control((await until(h, pausedAt('challenge'))).flowId, 'run-all');
    expect(await first).toEqual({ retry: true });
    const refreshed = await h.authorizer.handleChallenge({ ...CHALLENGE, attempt: 0 });
    expect(refreshed).toEqual({ retry: true });
    expect(h.authorizer.current()).toMatchObject({ reason: 'expired', mode: 'quick', state: 'authorized' });
  });

  it('a refused code fails the token step and leaves the callback step done', async () => {
    const { h, fake } = await setup('guided');
    const fakeFetch = fake.fetch;
    fake.fetch = async (input, init) =>
      String(input).endsWith('/token')
        ? new Response('{"error":"invalid_grant"}', { status: 400, headers: { 'content-type': 'application/json' } })
        : fakeFetch(input, init);
    const outcome = h.authorizer.handleChallenge(CHALLENGE);
    h.authorizer.control((await until(h, pausedAt('challenge'))).flowId, 'run-all');
    expect(await outcome).toMatchObject({ retry: false, message: expect.stringMatching(/step 7 \(Token\) failed: .*invalid_grant/) });
    const states = Object.fromEntries(h.authorizer.current()!.steps.map((s) => [s.id, s.state]));
    expect(states).toMatchObject({ callback: 'done', token: 'failed', retry: 'pending' });
  });

  it("every view, a refresh's too, carries the Authorizer's maxAttempts", async () => {
    const fake = fakeOAuth({ prm: { authorizationServers: () => [AS] }, issuers: { [AS]: {} } });
    const callbacks = createCallbackRegistry();
    const h = await harness(fake.mcpUrl, { callbacks, open: fake.opener(callbacks), extra: { fetch: fake.fetch, maxAttempts: 5 } });
    expect(await h.authorizer.handleChallenge(CHALLENGE)).toEqual({ retry: true });
    expect(await h.authorizer.handleChallenge({ ...CHALLENGE, attempt: 0 })).toEqual({ retry: true });
    expect(h.authorizer.current()!.reason).toBe('expired');
    expect(h.flows.length).toBeGreaterThan(2);
    expect(new Set(h.flows.map((f) => f.maxAttempts))).toEqual(new Set([5]));
  });

  it('quick mode never pauses', async () => {
    const { h } = await setup('quick');
    expect(await h.authorizer.handleChallenge(CHALLENGE)).toEqual({ retry: true });
    expect(h.flows.some((f) => f.state === 'paused' || f.steps.some((s) => s.state === 'ready'))).toBe(false);
  });
});

describe('the callback', () => {
  it('a forged callback (unknown state) changes no flow: the waiting flow says it was refused and the real callback completes', async () => {
    let approve: AuthorizerOptions['open'] = async () => undefined;
    const { h, fake, callbacks } = await setup('quick', (deliver) => async (url, flow, policyFetch) => {
      const forged = new URL(new URL(url).searchParams.get('redirect_uri')!);
      forged.searchParams.set('code', 'c0de');
      forged.searchParams.set('state', 'forged-state');
      deliver(forged);
      deliver(forged);
      // The person approves a moment later, in the real tab (after the second refusal is told: at most once a second).
      setTimeout(() => void approve(url, flow, policyFetch), REFUSALS_TOLD_EVERY_MS + 200);
    });
    approve = fake.opener(callbacks);
    const outcome = h.authorizer.handleChallenge(CHALLENGE);
    const noticed = await until(h, (f) => f.state === 'waiting-for-user' && /\(2 so far\)/.test(f.message ?? ''));
    expect(noticed.message).toBe(
      'Waiting for you to approve in the authorization tab. A callback with an unknown state was refused (2 so far); the authorization is still waiting.',
    );
    expect(noticed.steps.find((s) => s.id === 'callback')!.state).toBe('pending');
    expect(await outcome).toEqual({ retry: true });
    expect(h.authorizer.current()!.state).toBe('authorized');
  });

  it("reports the authorization server's refusal", async () => {
    const { h } = await setup('quick', (deliver) => async (url) => {
      const asked = new URL(url);
      const back = new URL(asked.searchParams.get('redirect_uri')!);
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'the person said no');
      back.searchParams.set('state', asked.searchParams.get('state')!);
      back.searchParams.set('iss', AS);
      deliver(back);
    });
    const outcome = await h.authorizer.handleChallenge(CHALLENGE);
    expect(outcome).toMatchObject({
      retry: false,
      message: expect.stringMatching(/step 6 \(Callback\).*refused the authorization: access_denied: the person said no/),
    });
  });

  it('gives up when no answer comes in time', async () => {
    const { h } = await setup('quick', () => async () => undefined, 50);
    const outcome = await h.authorizer.handleChallenge(CHALLENGE);
    expect(outcome).toMatchObject({
      retry: false,
      message: expect.stringMatching(/step 5 \(Authorization\) failed: no answer from the authorization page within 1 second/),
    });
  });

  it('fails the authorization step when the page cannot be opened', async () => {
    let state = '';
    const { h, callbacks } = await setup('quick', () => async (url) => {
      state = new URL(url).searchParams.get('state')!;
      throw new Error('no browser page is connected to open the authorization URL');
    });
    const outcome = await h.authorizer.handleChallenge(CHALLENGE);
    expect(outcome).toMatchObject({ retry: false, message: expect.stringMatching(/step 5 \(Authorization\) failed: no browser page is connected/) });
    // Nothing is left waiting for a callback (no timer holds the process, no stale state).
    expect(callbacks.deliver(new URL(`http://127.0.0.1:9/oauth/callback?state=${state}&code=x`))).toMatchObject({ delivered: false });
  });

  it('a connection that closes while waiting for the person ends the flow', async () => {
    const { h, callbacks } = await setup('quick', () => async () => undefined);
    const outcome = h.authorizer.handleChallenge(CHALLENGE);
    await until(h, (f) => f.state === 'waiting-for-user');
    h.authorizer.dispose();
    expect(await outcome).toEqual({ retry: false, message: 'The authorization was stopped: the connection closed.' });
    expect(callbacks.deliver(new URL('http://127.0.0.1:9/oauth/callback?state=x'))).toMatchObject({ delivered: false });
    expect(h.authorizer.current()!.state).toBe('cancelled');
    expect(await h.authorizer.authorizationHeader()).toBeUndefined();
  });
});
