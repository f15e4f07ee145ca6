import { describe, expect, it } from 'vitest';
import { appCspHeader as sandboxCspHeader } from '../../src/protocol/wire.js';
import { cspFromQuery, domainProblem } from './csp.js';

const isProxy = (hostname: string, port: number) => port === 6290 && ['127.0.0.1', 'localhost', '[::1]'].includes(hostname);
const none = { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] };

describe('the sandbox CSP', () => {
  it('reaches nothing but the sandbox itself when the app declares nothing', () => {
    const header = sandboxCspHeader(none, ['http://127.0.0.1:6290']);
    expect(header.split('; ')).toEqual([
      "default-src 'none'",
      "script-src 'self' 'unsafe-inline'",
      "style-src 'unsafe-inline'",
      'img-src data: blob:',
      'font-src data:',
      'media-src data: blob:',
      "connect-src 'none'",
      "frame-src 'none'",
      "base-uri 'none'",
      "object-src 'none'",
      "form-action 'none'",
      "frame-ancestors 'self' http://127.0.0.1:6290",
    ]);
  });

  it('puts each declared list in its directives', () => {
    const header = sandboxCspHeader(
      {
        connectDomains: ['https://api.example.com', 'wss://live.example.com'],
        resourceDomains: ['https://cdn.example.com'],
        frameDomains: ['https://www.youtube.com'],
        baseUriDomains: ['https://base.example.com'],
      },
      [],
    );
    expect(header).toContain('connect-src https://api.example.com wss://live.example.com;');
    expect(header).toContain("script-src 'self' 'unsafe-inline' https://cdn.example.com;");
    expect(header).toContain('img-src data: blob: https://cdn.example.com;');
    expect(header).toContain('frame-src https://www.youtube.com;');
    expect(header).toContain('base-uri https://base.example.com;');
  });

  it('keeps origins, with a port or a subdomain wildcard', () => {
    for (const domain of ['https://api.example.com', 'http://127.0.0.1:4000', 'https://*.tile.example.org', 'HTTPS://API.EXAMPLE.COM/', 'http://[::1]:9000']) {
      expect(domainProblem('connectDomains', domain, isProxy), domain).toBeUndefined();
    }
    expect(domainProblem('connectDomains', 'wss://live.example.com', isProxy)).toBeUndefined();
  });

  it('refuses hostile or malformed domains, each with a reason', () => {
    const cases: Array<[string, RegExp]> = [
      ['*', /bare \*/],
      ['https:', /scheme alone/],
      ['https://', /scheme alone/],
      ['https://*', /registered domain/],
      ['https://*.com', /registered domain/],
      ['javascript:alert(1)', /scheme javascript: is not allowed/],
      ["https://a.example.com 'unsafe-eval'", /a space, a quote/],
      ['https://a.example.com; script-src *', /a space, a quote/],
      ['https://a.example.com,https://b.example.com', /a comma/],
      ['https://a.example.com/path', /has a path/],
      ['https://user@a.example.com', /user information/],
      ['data:', /scheme data: is not allowed/],
      ['ftp://files.example.com', /scheme ftp: is not allowed/],
      ['http://127.0.0.1:99999', /port 99999/],
      ['http://127.0.0.1:6290', /mcpscope's own proxy/],
      ['ws://localhost:6290', /mcpscope's own proxy/],
      ['x'.repeat(3000), /longer than 2048/],
    ];
    for (const [domain, reason] of cases) expect(domainProblem('connectDomains', domain, isProxy), domain).toMatch(reason);
    expect(domainProblem('resourceDomains', 'wss://live.example.com', isProxy)).toMatch(
      /scheme wss: is not allowed in resourceDomains; only https, http origins are/,
    );
  });

  it('reads the lists from the query, leaving out and listing what it refuses', () => {
    const query = new URLSearchParams();
    query.append('connect', 'https://api.example.com');
    query.append('connect', "* 'unsafe-eval'");
    query.append('resource', 'https://cdn.example.com');
    query.append('frame', 'javascript:alert(1)');
    const { csp, refused } = cspFromQuery(query, isProxy);
    expect(csp).toEqual({ connectDomains: ['https://api.example.com'], resourceDomains: ['https://cdn.example.com'], frameDomains: [], baseUriDomains: [] });
    expect(refused.map((r) => [r.list, r.domain])).toEqual([
      ['connectDomains', "* 'unsafe-eval'"],
      ['frameDomains', 'javascript:alert(1)'],
    ]);
    expect(sandboxCspHeader(csp, [])).not.toContain('unsafe-eval');
  });
});
