import { describe, expect, it } from 'vitest';
import { EMPTY_CSP, appCspHeader, cspDomainProblem, cspDomainProblems } from './csp.js';

describe('cspDomainProblem', () => {
  const allowed = [
    'https://api.example.com',
    'wss://live.example.com:8443',
    'https://*.cdn.example.com',
    'http://localhost:3000',
    'https://[::1]:8080',
    'https://example.com/',
  ];
  for (const entry of allowed) it(`allows ${entry}`, () => expect(cspDomainProblem(entry)).toBeUndefined());

  const refused: Array<[string, RegExp]> = [
    ['*', /every origin/],
    ['https:', /scheme alone/],
    ['https://', /scheme alone/],
    ['data:', /scheme data: is not allowed/],
    ['javascript:alert(1)', /scheme javascript: is not allowed/],
    ['blob:https://a.example', /scheme blob: is not allowed/],
    ["'unsafe-eval'", /quote/],
    ['https://a.example; script-src *', /semicolon/],
    ['https://a.example https://b.example', /space/],
    ['https://*.com', /top-level domain/],
    ['https://a.*.example.com', /leftmost label/],
    ['https://cdn*.example.com', /leftmost label/],
    ['https://a.example/js/', /path/],
    ['https://user@a.example', /user information/],
    ['https://a.example:http', /port/],
    ['cdn.example.com', /no scheme/],
    ['https://exämple.com', /ASCII/],
    ['', /empty/],
  ];
  for (const [entry, why] of refused) it(`refuses ${JSON.stringify(entry)}`, () => expect(cspDomainProblem(entry)).toMatch(why));
});

describe('cspDomainProblems', () => {
  it('names each refused entry with its list, index and pointer', () => {
    const problems = cspDomainProblems({ ...EMPTY_CSP, connectDomains: ['https://ok.example', 'javascript:x'] }, '/contents/0/_meta/ui/csp');
    expect(problems).toEqual([
      {
        rule: 'APP-CSP-DOMAIN',
        severity: 'error',
        message:
          'CSP connectDomains[1] "javascript:x" is refused: the scheme javascript: is not allowed in connectDomains; only https, http, wss, ws origins are. It is left out of the app\'s policy.',
        path: '/contents/0/_meta/ui/csp/connectDomains/1',
      },
    ]);
  });
});

describe('appCspHeader', () => {
  it("is the spec's restrictive default when nothing is declared, 'self' only for the sandbox page's script", () => {
    expect(appCspHeader(EMPTY_CSP)).toBe(
      "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob:; font-src data:; media-src data: blob:; connect-src 'none'; frame-src 'none'; base-uri 'none'; object-src 'none'; form-action 'none'",
    );
  });

  it('widens each directive by its declared origins only', () => {
    const header = appCspHeader({
      connectDomains: ['https://api.example.com'],
      resourceDomains: ['https://*.cdn.example.com'],
      frameDomains: ['https://www.youtube.com'],
      baseUriDomains: ['https://base.example.com/'],
    });
    expect(header.split('; ')).toEqual([
      "default-src 'none'",
      "script-src 'self' 'unsafe-inline' https://*.cdn.example.com",
      "style-src 'unsafe-inline' https://*.cdn.example.com",
      'img-src data: blob: https://*.cdn.example.com',
      'font-src data: https://*.cdn.example.com',
      'media-src data: blob: https://*.cdn.example.com',
      'connect-src https://api.example.com',
      'frame-src https://www.youtube.com',
      'base-uri https://base.example.com',
      "object-src 'none'",
      "form-action 'none'",
    ]);
  });

  it('for a hostile list contains nothing injected: the refused entries are left out', () => {
    const hostile = [
      "https://ok.example; script-src 'unsafe-eval' *",
      "'unsafe-eval'",
      '*',
      'https:',
      'data:',
      'javascript:alert(1)',
      'https://*.com',
      'https://a.example\nscript-src *',
      'https://a.example, *',
    ];
    const header = appCspHeader({ connectDomains: hostile, resourceDomains: hostile, frameDomains: hostile, baseUriDomains: hostile });
    expect(header).toBe(appCspHeader(EMPTY_CSP));
    expect(header).not.toContain('unsafe-eval');
    expect(header.split(';')).toHaveLength(11);
  });
});
