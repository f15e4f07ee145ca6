import { describe, expect, it } from 'vitest';
import { maskHeaderValue } from './headers.js';
import {
  maskCredentials,
  maskOAuthBody,
  maskOAuthForm,
  maskOAuthJson,
  maskOAuthUrl,
  maskApiKey,
  maskSecret,
  MIN_MASKED_VALUE_LENGTH,
  OAUTH_SECRET_FIELDS,
  SecretValues,
} from './secrets.js';

const TOKEN = 'eyJhbGciOiJSUzI1NiJ9.payload.sig';

describe('maskSecret', () => {
  it('keeps the length, never the content', () => {
    expect(maskSecret('abc')).toBe('•••• (3 characters hidden)');
    expect(maskSecret('a')).toBe('•••• (1 character hidden)');
    expect(maskSecret(TOKEN)).not.toContain('payload');
  });

  it('is the mask of header values too', () => {
    expect(maskHeaderValue('Authorization', `Bearer ${TOKEN}`)).toBe(`Bearer ${maskSecret(TOKEN)}`);
    expect(maskHeaderValue('Authorization', 'Bearer ')).toBe('Bearer •••• (0 characters hidden)');
  });
});

describe('maskApiKey', () => {
  it("keeps a key's kind and its last four characters, as the providers' consoles do", () => {
    expect(maskApiKey('sk-ant-api03-AbCdEfGhIjKlMnOp-wxyz')).toBe('sk-ant-…wxyz');
    expect(maskApiKey('sk-proj-0123456789abcdefXYZ9')).toBe('sk-proj-…XYZ9');
    expect(maskApiKey('0123456789abcdef0123')).toBe('…0123');
  });

  it('never shows random characters as a prefix, and gives a short key the one mask', () => {
    expect(maskApiKey('Ab-cd-0123456789abcdef')).toBe('…cdef');
    expect(maskApiKey('sk-short')).toBe(maskSecret('sk-short'));
  });
});

describe('maskOAuthJson', () => {
  it('masks every secret member of a token response and keeps the rest and its layout', () => {
    const body = `{\n  "access_token": "${TOKEN}",\n  "token_type": "Bearer",\n  "expires_in": 3600,\n  "refresh_token":"r-123",\n  "scope": "read"\n}`;
    const masked = maskOAuthJson(body);
    expect(masked).not.toContain(TOKEN);
    expect(masked).not.toContain('r-123');
    expect(masked).toContain(`"access_token": "${maskSecret(TOKEN)}"`);
    expect(masked).toContain('"token_type": "Bearer"');
    expect(masked).toContain('"scope": "read"');
    expect(masked.split('\n')).toHaveLength(7);
  });

  it('masks a registration response and nested members, and handles escaped quotes', () => {
    const body = JSON.stringify({ client_id: 'public-id', client_secret: 's"e\\kr1t', nested: { id_token: 'x.y.z' } });
    const masked = maskOAuthJson(body);
    expect(masked).toContain('"client_id":"public-id"');
    expect(masked).not.toContain('kr1t');
    expect(masked).not.toContain('x.y.z');
    expect(() => JSON.parse(masked) as unknown).not.toThrow();
  });

  it('leaves numeric codes (JSON-RPC errors) and other keys alone, and copes with a cut-short body', () => {
    expect(maskOAuthJson('{"error":{"code":-32600,"message":"x"}}')).toBe('{"error":{"code":-32600,"message":"x"}}');
    expect(maskOAuthJson('{"error":"invalid_grant","error_description":"code expired"}')).toContain('code expired');
    expect(maskOAuthJson('{"access_token":"abc","refresh_tok')).toBe(`{"access_token":"${maskSecret('abc')}","refresh_tok`);
  });

  it('covers every listed field', () => {
    for (const field of OAUTH_SECRET_FIELDS) expect(maskOAuthJson(`{"${field}":"s3cr3t"}`)).not.toContain('s3cr3t');
  });
});

describe('maskOAuthForm and maskOAuthUrl', () => {
  it('masks the secret pairs of a token request', () => {
    const form = 'grant_type=authorization_code&code=abc123&code_verifier=verif&redirect_uri=http%3A%2F%2Flocalhost&client_secret=shh';
    const masked = maskOAuthForm(form);
    expect(masked).toBe(
      `grant_type=authorization_code&code=${maskSecret('abc123')}&code_verifier=${maskSecret('verif')}&redirect_uri=http%3A%2F%2Flocalhost&client_secret=${maskSecret('shh')}`,
    );
  });

  it('does not mask names that only end like a secret field', () => {
    expect(maskOAuthForm('grant_type=refresh_token&zipcode=123')).toBe('grant_type=refresh_token&zipcode=123');
  });

  it('masks the code of a callback URL but keeps state and iss readable', () => {
    const url = 'http://127.0.0.1:6274/oauth/callback?code=SplxlOBe&state=xyz&iss=https%3A%2F%2Fas.example';
    expect(maskOAuthUrl(url)).toBe(`http://127.0.0.1:6274/oauth/callback?code=${maskSecret('SplxlOBe')}&state=xyz&iss=https%3A%2F%2Fas.example`);
    expect(maskOAuthUrl('https://as.example/authorize')).toBe('https://as.example/authorize');
    expect(maskOAuthUrl('https://c.example/cb#access_token=tok&token_type=bearer')).toBe(
      `https://c.example/cb#access_token=${maskSecret('tok')}&token_type=bearer`,
    );
  });
});

describe('maskCredentials', () => {
  it('masks bearer and basic credentials in free text', () => {
    expect(maskCredentials(`Authorization: Bearer ${TOKEN}`)).toBe(`Authorization: Bearer ${maskSecret(TOKEN)}`);
    expect(maskCredentials('sent Basic Y2xpZW50OnNlY3JldA== to /token')).toBe(`sent Basic ${maskSecret('Y2xpZW50OnNlY3JldA==')} to /token`);
    // A challenge's auth-params are no credential.
    expect(maskCredentials('WWW-Authenticate: Bearer realm="mcp", scope="a"')).toBe('WWW-Authenticate: Bearer realm="mcp", scope="a"');
    expect(maskCredentials('Bearer error=invalid_token')).toBe('Bearer error=invalid_token');
    // Inside a JSON string, with base64 padding, it still is.
    expect(maskCredentials('{"authorization":"Bearer dG9r=="}')).toBe(`{"authorization":"Bearer ${maskSecret('dG9r==')}"}`);
  });
});

describe('maskOAuthBody', () => {
  it('chooses JSON or form by the content type, or by the look of the body', () => {
    expect(maskOAuthBody('{"access_token":"t1"}', 'application/json; charset=utf-8')).not.toContain('t1');
    expect(maskOAuthBody('code=c1&state=s', 'application/x-www-form-urlencoded')).toBe(`code=${maskSecret('c1')}&state=s`);
    expect(maskOAuthBody(' {"refresh_token":"r1"}')).not.toContain('r1');
    expect(maskOAuthBody('refresh_token=r2&grant_type=refresh_token')).not.toContain('r2');
    expect(maskOAuthBody('<html>code=visible</html>', 'text/html')).toBe('<html>code=visible</html>');
  });
});

describe('SecretValues (masking by value)', () => {
  it("masks a value as URLSearchParams writes it (~ ! ' ( ) encoded, spaces as +)", () => {
    const s = new SecretValues();
    const secret = "it's~(a) secret!";
    s.add(secret);
    const body = new URLSearchParams({ client_secret: secret }).toString();
    expect(body).not.toContain(encodeURIComponent(secret).replace(/%20/g, '+'));
    expect(s.mask(`echo: ${body}`)).toBe(`echo: client_secret=${maskSecret(new URLSearchParams({ v: secret }).toString().slice(2))}`);
  });

  it('masks a value as an HTML page escapes it', () => {
    const s = new SecretValues();
    const secret = `a&b<c>"d'e-long`;
    s.add(secret);
    for (const escaped of ['a&amp;b&lt;c&gt;&quot;d&#39;e-long', 'a&amp;b&lt;c&gt;&quot;d&#x27;e-long', 'a&amp;b&lt;c&gt;"d\'e-long']) {
      expect(s.mask(`<pre>${escaped}</pre>`)).not.toContain('e-long');
    }
  });

  const refresh = 'rt_9f8e7d6c5b4a3210';
  it('masks a known value wherever it appears, in prose and HTML as well as in fields', () => {
    const s = new SecretValues();
    s.add(refresh);
    expect(s.mask(`<pre>grant_type=refresh_token&amp;token=${refresh}</pre> (echo: ${refresh})`)).toBe(
      `<pre>grant_type=refresh_token&amp;token=${maskSecret(refresh)}</pre> (echo: ${maskSecret(refresh)})`,
    );
  });

  it('finds a value percent-encoded (a form body, a query) and JSON-escaped', () => {
    const s = new SecretValues();
    const secret = 'p@ss w/rd"quoted"';
    s.add(secret);
    const shown = s.mask(`client_secret=${encodeURIComponent(secret)} alt=${encodeURIComponent(secret).replace(/%20/g, '+')} json=${JSON.stringify(secret)}`);
    expect(shown).not.toContain('rd');
    expect(shown).toMatch(/^client_secret=•••• \(\d+ characters hidden\) alt=•••• \(\d+ characters hidden\) json="•••• \(\d+ characters hidden\)"$/);
  });

  it('does not mask short values by value: a 4-character code would hide ordinary words', () => {
    const s = new SecretValues();
    s.add('abc', '1234', 'token', '', null, undefined);
    const text = 'invalid_grant: the code 1234 is unknown; token abc refused';
    expect(s.mask(text)).toBe(text);
    expect(MIN_MASKED_VALUE_LENGTH).toBe(8);
    s.add('12345678');
    expect(s.mask('code 12345678 and 1234')).toBe(`code ${maskSecret('12345678')} and 1234`);
  });

  it('masks the longer of two overlapping values whole', () => {
    const s = new SecretValues();
    s.add('secret-part', 'secret-part-and-more');
    expect(s.mask('x secret-part-and-more y')).toBe(`x ${maskSecret('secret-part-and-more')} y`);
  });

  it('masks every string of a view, keys and other values untouched, without changing the original', () => {
    const s = new SecretValues();
    s.add(refresh);
    const view = { message: `failed: ${refresh}`, steps: [{ learnt: [['refresh token', refresh]], number: 7, done: false }], none: null };
    const shown = s.maskAll(view);
    expect(shown).toEqual({
      message: `failed: ${maskSecret(refresh)}`,
      steps: [{ learnt: [['refresh token', maskSecret(refresh)]], number: 7, done: false }],
      none: null,
    });
    expect(view.message).toBe(`failed: ${refresh}`);
  });
});
