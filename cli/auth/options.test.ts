// The CLI's OAuth options: --auth turns the flow on for --url, the others say
// how the client is known; what cannot work is refused with a sentence.
import { describe, expect, it } from 'vitest';
import { CLI_USAGE, parseCliArgs } from '../args.js';

const url = ['--url', 'http://127.0.0.1:3000/mcp'];

describe('--auth and its options', () => {
  it('--auth alone: quick mode on the HTTP target, nothing remembered', () => {
    const r = parseCliArgs([...url, '--auth', 'tools', 'list']);
    expect(r).toMatchObject({ ok: true, value: { target: { kind: 'http', auth: { mode: 'quick' } }, rememberCredentials: false } });
  });

  it('without --auth there is no auth config (a 401 stays a 401)', () => {
    const r = parseCliArgs([...url, 'tools', 'list']);
    expect(r.ok && r.value !== 'help' && r.value.target.kind === 'http' && r.value.target.auth).toBe(undefined);
  });

  it('carries a pre-registered client, its method, the scope and --remember-credentials', () => {
    const r = parseCliArgs([
      ...url,
      '--auth',
      '--client-id',
      'cli-client',
      '--client-secret',
      's3cret',
      '--token-endpoint-auth-method',
      'client_secret_post',
      '--scope',
      'mcp:tools mcp:read',
      '--remember-credentials',
      'ping',
    ]);
    expect(r).toMatchObject({
      ok: true,
      value: {
        target: {
          auth: { mode: 'quick', clientId: 'cli-client', clientSecret: 's3cret', tokenEndpointAuthMethod: 'client_secret_post', scope: 'mcp:tools mcp:read' },
        },
        rememberCredentials: true,
      },
    });
  });

  it('carries a Client ID Metadata Document URL', () => {
    const r = parseCliArgs([...url, '--auth', '--client-metadata-url', 'https://app.example/client.json', 'ping']);
    expect(r).toMatchObject({ ok: true, value: { target: { auth: { mode: 'quick', clientMetadataUrl: 'https://app.example/client.json' } } } });
  });

  it('conformance authorizes by itself, without --auth', () => {
    const r = parseCliArgs(['conformance', 'http://localhost:4000/mcp']);
    expect(r).toMatchObject({ ok: true, value: { target: { kind: 'http', auth: { mode: 'quick' } } } });
  });

  const bad: Array<[string[], RegExp]> = [
    [[...url, '--client-id', 'x', 'ping'], /^--client-id goes with --auth/],
    [[...url, '--remember-credentials', 'ping'], /^--remember-credentials goes with --auth/],
    [['--stdio', 'node s.js', '--auth', 'ping'], /^--auth goes with --url: OAuth protects remote servers/],
    [[...url, '--auth', '--client-secret', 's', 'ping'], /^--client-secret goes with --client-id/],
    [[...url, '--auth', '--client-id', 'x', '--client-metadata-url', 'https://a.example/c.json', 'ping'], /not both/],
    [[...url, '--auth', '--token-endpoint-auth-method', 'none', 'ping'], /pre-registered client: give --client-id/],
    [[...url, '--auth', '--client-id', 'x', '--token-endpoint-auth-method', 'client_secret_basic', 'ping'], /client_secret_basic needs --client-secret/],
    [[...url, '--auth', '--client-id', 'x', '--client-secret', 's', '--token-endpoint-auth-method', 'none', 'ping'], /none sends no secret/],
    [[...url, '--auth', '--token-endpoint-auth-method', 'private_key_jwt', 'ping'], /client_secret_basic, client_secret_post or none, not "private_key_jwt"/],
    [[...url, '--auth', '--client-metadata-url', 'http://a.example/c.json', 'ping'], /https URL with a path/],
    [[...url, '--auth', '--client-metadata-url', 'https://a.example', 'ping'], /https URL with a path/],
    [[...url, '--auth', '--client-id', ' ', 'ping'], /--client-id needs a client id/],
    [[...url, '--auth', '--header', 'authorization: Bearer x', 'ping'], /--auth or an authorization --header, not both/],
    [[...url, '--auth=quick', 'ping'], /--auth takes no value/],
    [[...url, '--auth', 'guided', 'ping'], /--auth takes no mode: the CLI always runs the whole flow at once/],
  ];
  for (const [argv, message] of bad) {
    it(`refuses ${argv.slice(2).join(' ')}`, () => {
      const r = parseCliArgs(argv);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toMatch(message);
    });
  }

  it('--help explains each option', () => {
    for (const flag of [
      '--auth',
      '--client-id ID',
      '--client-secret SECRET',
      '--token-endpoint-auth-method METHOD',
      '--client-metadata-url URL',
      '--scope SCOPE',
      '--remember-credentials',
    ]) {
      expect(CLI_USAGE).toContain(flag);
    }
  });
});
