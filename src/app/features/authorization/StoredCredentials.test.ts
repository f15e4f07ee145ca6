import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '../../app-context.js';
import { createTestApp } from '../../test-app.js';
import { credentialsQueryKey, keptWhere, type StoredCredentials as Listing } from './credentials-api.js';
import { StoredCredentials } from './StoredCredentials.js';

/** The section as it shows once the proxy's list has arrived. */
function shown(listing: Listing): string {
  const { app } = createTestApp();
  app.queryClient.setQueryData(credentialsQueryKey('tok'), listing);
  const html = renderToString(createElement(AppProvider, { app, children: createElement(StoredCredentials, { token: 'tok' }) }));
  return html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

const issuer = { issuer: 'http://127.0.0.1:3012', clientId: 'dyn-7f3a', source: 'dynamic', resources: [] };

describe('Stored credentials says where they are kept', () => {
  it('across restarts, naming the file', () => {
    const text = shown({ persistent: true, file: '/home/ada/.config/mcpscope/credentials.json', issuers: [issuer] });
    expect(text).toContain('Kept across restarts in /home/ada/.config/mcpscope/credentials.json, mode 0600.');
    expect(text).not.toContain('Kept in memory');
  });

  it('in memory, saying how to keep them', () => {
    const text = shown({ persistent: false, issuers: [] });
    expect(text).toContain('Kept in memory until mcpscope stops (start it with --remember-credentials to keep them).');
    expect(text).toContain('None stored.');
  });

  it('in memory, with the file problem the proxy reported', () => {
    const problem = 'The credential file /tmp/c.json can be read by other users (mode 644), so it was not used and tokens will not be saved this session.';
    const text = shown({ persistent: false, problem, issuers: [issuer] });
    expect(text).toContain('Kept in memory until mcpscope stops: the credentials file is not used.');
    expect(text).not.toContain('start it with --remember-credentials');
    expect(text).toContain(problem);
  });

  it('says nothing about it for an older proxy that does not tell', () => {
    expect(keptWhere({ issuers: [] })).toBeUndefined();
    expect(shown({ issuers: [issuer] })).not.toMatch(/Kept (across|in memory)/);
  });
});
