import { describe, expect, it } from 'vitest';
import { isSecretKey, isSecretName, maskedEntry, type ServerEntry } from './entry.js';

describe('isSecretName', () => {
  it('catches *KEY*, *TOKEN*, *SECRET*, *PASSWORD*, Authorization and Cookie, in any case', () => {
    for (const name of ['OPENAI_API_KEY', 'github_token', 'ClientSecret', 'DB_PASSWORD', 'Authorization', 'proxy-authorization', 'Cookie', 'X-Api-Key']) {
      expect(isSecretName(name)).toBe(true);
    }
    for (const name of ['PORT', 'LOG_LEVEL', 'Content-Type', 'HOME']) expect(isSecretName(name)).toBe(false);
  });

  it('adds the keys the person marked', () => {
    expect(isSecretKey({ secretKeys: ['DSN'] }, 'dsn')).toBe(true);
    expect(isSecretKey({ secretKeys: [] }, 'DSN')).toBe(false);
  });
});

describe('maskedEntry', () => {
  it('masks secret env values and headers through the one mask, and the OAuth client secret', () => {
    const stdio: ServerEntry = {
      name: 's',
      transport: { kind: 'stdio', command: 'node', args: [], env: { API_KEY: 'abc', DSN: 'pg://u:p@h', PORT: '1' } },
      secretKeys: ['DSN'],
    };
    expect(maskedEntry(stdio).transport).toMatchObject({ env: { API_KEY: '•••• (3 characters hidden)', DSN: '•••• (10 characters hidden)', PORT: '1' } });
    const http: ServerEntry = {
      name: 'h',
      transport: {
        kind: 'http',
        url: 'https://x/mcp',
        headers: { Authorization: 'Bearer t', 'X-Team': 'a' },
        mode: 'auto',
        auth: { mode: 'quick', clientSecret: 'cs' },
      },
      secretKeys: [],
    };
    expect(maskedEntry(http).transport).toMatchObject({
      headers: { Authorization: 'Bearer •••• (1 character hidden)', 'X-Team': 'a' },
      auth: { clientSecret: '•••• (2 characters hidden)' },
    });
  });
});
