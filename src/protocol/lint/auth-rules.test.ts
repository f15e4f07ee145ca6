import { describe, expect, it } from 'vitest';
import { fakeFetch, json, type FakeAnswer } from '../../../test/fixtures/auth-fetch.js';
import { discoverAuthorization } from '../auth/discover.js';
import { authFindings, issFindings, scopeSyntaxProblem } from './auth-rules.js';
import { RULE_IDS, type RuleId } from './rules.js';

const SERVER = 'https://mcp.example.com/mcp';
const PRM = 'https://mcp.example.com/prm';
const PRM_PATH = 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp';
const ISSUER = 'https://auth.example.com';
const AS = `${ISSUER}/.well-known/oauth-authorization-server`;
const CHALLENGE = `Bearer resource_metadata="${PRM}", scope="files:read"`;
const prm = { resource: SERVER, authorization_servers: [ISSUER], scopes_supported: ['files:read', 'files:write'] };
const as = {
  issuer: ISSUER,
  authorization_endpoint: `${ISSUER}/authorize`,
  token_endpoint: `${ISSUER}/token`,
  response_types_supported: ['code'],
  code_challenge_methods_supported: ['S256'],
};

interface Case {
  wwwAuthenticate?: string;
  prm?: FakeAnswer;
  as?: FakeAnswer;
}

async function lint(c: Case, version?: string) {
  const { fetch } = fakeFetch({ [PRM]: c.prm ?? json(prm), [AS]: c.as ?? json(as) });
  const discovery = await discoverAuthorization({ serverUrl: SERVER, wwwAuthenticate: c.wwwAuthenticate ?? CHALLENGE, fetch });
  return authFindings(discovery, version);
}

// Per rule: a case that breaks it, and a case close to it that does not.
const examples: [RuleId, Case, Case][] = [
  ['AUTH-CHALLENGE', { wwwAuthenticate: 'Basic realm="mcp"' }, { wwwAuthenticate: `Basic realm="mcp", ${CHALLENGE}` }],
  ['AUTH-RESOURCE-METADATA-URL', { wwwAuthenticate: 'Bearer resource_metadata="/prm"' }, { wwwAuthenticate: `Bearer resource_metadata="${PRM}"` }],
  [
    'AUTH-SCOPE-SYNTAX',
    { wwwAuthenticate: `Bearer resource_metadata="${PRM}", scope="files:read  files:write"` },
    { wwwAuthenticate: `Bearer resource_metadata="${PRM}", scope="files:read files:write"` },
  ],
  ['AUTH-PRM-SHAPE', { prm: json({ resource: SERVER, authorization_servers: [] }) }, { prm: json({ resource: SERVER, authorization_servers: [ISSUER] }) }],
  ['AUTH-PRM-RESOURCE', { prm: json({ ...prm, resource: 'https://other.example.com/mcp' }) }, { prm: json({ ...prm, resource: 'https://mcp.example.com' }) }],
  ['AUTH-AS-SHAPE', { as: json({ ...as, token_endpoint: undefined }) }, { as: json({ ...as, registration_endpoint: `${ISSUER}/register` }) }],
  ['AUTH-AS-ISSUER', { as: json({ ...as, issuer: 'https://evil.example.com' }) }, { as: json({ ...as, issuer: ISSUER }) }],
  [
    'AUTH-PKCE',
    { as: json({ ...as, code_challenge_methods_supported: ['plain'] }) },
    { as: json({ ...as, code_challenge_methods_supported: ['plain', 'S256'] }) },
  ],
  ['AUTH-METADATA-FORMAT', { prm: { contentType: 'text/html', body: '<!doctype html><p>Sign in</p>' } }, { prm: json(prm, 'application/json; charset=utf-8') }],
  ['AUTH-DISCOVERY', { prm: { status: 404, body: 'Not Found' } }, { prm: json(prm) }],
];

describe('authFindings', () => {
  it('has an example for every AUTH-* rule judged from discovery', () => {
    // AUTH-ISS is judged from the callback, not from discovery: issFindings has its own cases below.
    expect(examples.map(([r]) => r).sort()).toEqual(RULE_IDS.filter((r) => r.startsWith('AUTH-') && r !== 'AUTH-ISS').sort());
  });

  it('finds nothing in a well-behaved discovery', async () => {
    expect(await lint({})).toEqual([]);
  });

  for (const [rule, failing, passing] of examples) {
    it(`${rule}: flags the broken case and not the sound one`, async () => {
      const found = await lint(failing);
      expect(found.map((f) => f.rule)).toContain(rule);
      const f = found.find((x) => x.rule === rule)!;
      expect(f.message).not.toBe('');
      expect(f.subject).toBe('server');
      expect(f.specUrl).toMatch(/^https:\/\/modelcontextprotocol\.io\/specification\/2025-11-25\/basic\/authorization#/);
      expect((await lint(passing)).map((x) => x.rule)).not.toContain(rule);
    });
  }

  it('keeps the discovery message and severity: HTML metadata says so, a non-JSON content type is a warning', async () => {
    const html = await lint({ as: { contentType: 'text/html', body: '<html></html>' } });
    expect(html).toContainEqual(expect.objectContaining({ rule: 'AUTH-METADATA-FORMAT', severity: 'error', message: expect.stringContaining('HTML') }));
    const plain = await lint({ as: json(as, 'text/plain') });
    expect(plain).toEqual([expect.objectContaining({ rule: 'AUTH-METADATA-FORMAT', severity: 'warning' })]);
    const malformed = await lint({ prm: { body: '{"resource": ' } });
    expect(malformed).toContainEqual(expect.objectContaining({ rule: 'AUTH-METADATA-FORMAT', message: expect.stringContaining('not valid JSON') }));
  });

  it('flags a missing response_types_supported as a warning and an issuerless document as AUTH-AS-ISSUER', async () => {
    expect(await lint({ as: json({ ...as, response_types_supported: undefined }) })).toEqual([
      expect.objectContaining({ rule: 'AUTH-AS-SHAPE', severity: 'warning', message: expect.stringContaining('response_types_supported') }),
    ]);
    const noIssuer = await lint({ as: json({ ...as, issuer: undefined }) });
    expect(noIssuer.map((f) => f.rule)).toContain('AUTH-AS-ISSUER');
  });

  it('flags a resource-less document and a PKCE-less server', async () => {
    expect((await lint({ prm: json({ authorization_servers: [ISSUER] }) })).map((f) => f.rule)).toContain('AUTH-PRM-SHAPE');
    expect((await lint({ as: json({ ...as, code_challenge_methods_supported: undefined }) })).map((f) => f.rule)).toEqual(['AUTH-PKCE']);
  });

  it('flags scopes_supported entries that are not single scopes', async () => {
    const found = await lint({ prm: json({ ...prm, scopes_supported: ['files:read', 'a b', 'caf\u00e9'] }) });
    expect(found.filter((f) => f.rule === 'AUTH-SCOPE-SYNTAX').map((f) => f.message)).toEqual([
      expect.stringContaining('"a b"'),
      expect.stringContaining('"café"'),
    ]);
  });

  it('falls back to the well-known URI when the challenge has no resource_metadata, without a finding', async () => {
    const { fetch } = fakeFetch({ [PRM_PATH]: json(prm), [AS]: json(as) });
    const discovery = await discoverAuthorization({ serverUrl: SERVER, wwwAuthenticate: 'Bearer scope="files:read"', fetch });
    expect(authFindings(discovery)).toEqual([]);
  });

  it('links to the 2026-07-28 pages for that version', async () => {
    const [pkce] = await lint({ as: json({ ...as, code_challenge_methods_supported: ['plain'] }) }, '2026-07-28');
    expect(pkce!.specUrl).toBe(
      'https://modelcontextprotocol.io/specification/2026-07-28/basic/authorization/security-considerations#authorization-code-protection',
    );
    const [challenge] = await lint({ wwwAuthenticate: 'Basic realm="x"' }, '2026-07-28');
    expect(challenge!.specUrl).toBe(
      'https://modelcontextprotocol.io/specification/2026-07-28/basic/authorization/authorization-server-discovery#protected-resource-metadata-discovery-requirements',
    );
  });
});

describe('scopeSyntaxProblem', () => {
  it('accepts space-separated scope tokens and names what is wrong otherwise', () => {
    expect(scopeSyntaxProblem('openid files:read https://x.example/s')).toBeUndefined();
    expect(scopeSyntaxProblem('')).toMatch(/empty/);
    expect(scopeSyntaxProblem(' a')).toMatch(/single spaces/);
    expect(scopeSyntaxProblem('a "b"')).toMatch(/"\\"b\\""/);
    expect(scopeSyntaxProblem('a\\b')).toMatch(/backslash/);
  });
});

describe('issFindings (AUTH-ISS)', () => {
  const issuer = 'https://as.example.com';
  const judge = (advertised: boolean, iss: string | null) =>
    issFindings({ issuer, advertised, iss }, '2026-07-28').map((f) => [f.rule, f.severity, f.message] as const);

  it('finds nothing when iss is advertised and names the issuer exactly', () => {
    expect(judge(true, issuer)).toEqual([]);
  });
  it('is an error when iss is advertised but absent', () => {
    expect(judge(true, null)).toEqual([['AUTH-ISS', 'error', expect.stringContaining('advertises authorization_response_iss_parameter_supported')]]);
  });
  it('is an error when iss names another issuer, advertised or not, with no normalization (a trailing slash differs)', () => {
    for (const advertised of [true, false]) {
      expect(judge(advertised, 'https://evil.example.com')).toEqual([
        ['AUTH-ISS', 'error', expect.stringContaining('"https://evil.example.com" is not the issuer')],
      ]);
      expect(judge(advertised, `${issuer}/`)).toEqual([['AUTH-ISS', 'error', expect.stringContaining('exact strings')]]);
    }
  });
  it('warns when iss is sent but not advertised, and notes when it is neither', () => {
    expect(judge(false, issuer)).toEqual([['AUTH-ISS', 'warning', expect.stringContaining('does not advertise')]]);
    expect(judge(false, null)).toEqual([['AUTH-ISS', 'info', expect.stringContaining('sends no iss')]]);
  });
  it('links the 2026-07-28 Authorization Response Validation section, the first revision that has one', () => {
    for (const version of ['2025-06-18', '2025-11-25', '2026-07-28']) {
      expect(issFindings({ issuer, advertised: true, iss: null }, version)[0]!.specUrl).toBe(
        'https://modelcontextprotocol.io/specification/2026-07-28/basic/authorization#authorization-response-validation',
      );
    }
  });
});
