// A flow that throws: the request-failed message keeps the words, never a credential in them.
import { describe, expect, it } from 'vitest';
import type { Authorizer } from '../../auth/authorizer-types.js';
import { ConnectionAuth } from './auth.js';

const throwing = (message: string): Authorizer => ({
  authorizationHeader: async () => undefined,
  handleChallenge: async () => {
    throw new Error(message);
  },
  control: () => undefined,
  current: () => undefined,
  dispose: () => undefined,
});

describe('ConnectionAuth', () => {
  it('a thrown message that carries a credential is masked', async () => {
    const auth = new ConnectionAuth(throwing('the server said: Bearer eyJhbGciOiJIUzI1NiJ9.secret is revoked'), 3);
    const outcome = await auth.challenge({ status: 401 }, new AbortController().signal);
    expect(outcome).toEqual({
      retry: false,
      message: expect.stringMatching(/^Authorization failed: the server said: Bearer •••• \(\d+ characters hidden\) is revoked$/),
    });
    expect(JSON.stringify(outcome)).not.toContain('secret');
  });
});

describe('ConnectionAuth, a token handed out on this connection', () => {
  it('is masked by value in a thrown message, even without a scheme word', async () => {
    const token = 'at_4f9c2a7be1d04c55';
    const authorizer = { ...throwing(`token ${token} was revoked`), authorizationHeader: async () => `Bearer ${token}` };
    const auth = new ConnectionAuth(authorizer, 3);
    expect(await auth.header()).toBe(`Bearer ${token}`);
    const outcome = await auth.challenge({ status: 401 }, new AbortController().signal);
    expect(outcome).toEqual({ retry: false, message: expect.stringMatching(/^Authorization failed: token •••• \(\d+ characters hidden\) was revoked$/) });
  });
});
