import { describe, expect, it } from 'vitest';
import { completedElicitationId, declaredElicitationModes, describeUrlTarget, requiredElicitations, urlElicitationProblems } from './elicitation.js';

describe('elicitation modes', () => {
  it('reads the declared modes: {} is form only; form and url as listed; nothing without the capability', () => {
    expect(declaredElicitationModes({ elicitation: {} })).toEqual(['form']);
    expect(declaredElicitationModes({ elicitation: { url: {} } })).toEqual(['url']);
    expect(declaredElicitationModes({ elicitation: { form: {}, url: {} } })).toEqual(['form', 'url']);
    expect(declaredElicitationModes({})).toEqual([]);
    // Own members only: a capabilities object parsed from JSON named "constructor" declares nothing.
    expect(declaredElicitationModes(JSON.parse('{"constructor":{}}'))).toEqual([]);
  });
});

describe('URL elicitation shape', () => {
  it('a well-formed one has no problems', () => {
    expect(urlElicitationProblems({ mode: 'url', message: 'm', url: 'https://a.example/x', elicitationId: 'e' })).toEqual([]);
  });

  it('names each missing or wrong field', () => {
    expect(urlElicitationProblems({ mode: 'url', message: 'm', url: 'not a url' })).toEqual([
      'elicitationId (a non-empty string) is missing',
      'url "not a url" is not a valid absolute URL',
    ]);
    expect(urlElicitationProblems({ mode: 'form', message: 1, elicitationId: 'e' })).toEqual([
      'mode is "form", not "url"',
      'message (a string) is missing',
      'url (a string) is missing',
    ]);
  });

  it('reads the elicitations of a -32042 error and says what is wrong with its data', () => {
    const good = { mode: 'url', message: 'm', url: 'https://a.example/', elicitationId: 'e' };
    expect(requiredElicitations({ elicitations: [good] })).toEqual({
      elicitations: [{ message: 'm', url: 'https://a.example/', elicitationId: 'e' }],
      problems: [],
    });
    expect(requiredElicitations(undefined).problems).toEqual(['error.data.elicitations (a list of URL elicitations) is missing']);
    expect(requiredElicitations({ elicitations: [] }).problems[0]).toMatch(/is empty/);
    expect(requiredElicitations({ elicitations: [{ ...good, elicitationId: undefined }] }).problems).toEqual([
      'elicitations[0]: elicitationId (a non-empty string) is missing',
    ]);
  });

  it('takes the id of a completion notification only when it is a string', () => {
    expect(completedElicitationId({ elicitationId: 'e' })).toBe('e');
    expect(completedElicitationId({ elicitationId: 3 })).toBeUndefined();
  });
});

describe('describeUrlTarget', () => {
  it('splits an https address so its host can be emphasised, with no warnings', () => {
    expect(describeUrlTarget('https://mcp.example.com:8443/connect?x=1#f')).toEqual({
      href: 'https://mcp.example.com:8443/connect?x=1#f',
      parts: { before: 'https://', host: 'mcp.example.com:8443', after: '/connect?x=1#f' },
      hostname: 'mcp.example.com',
      opens: true,
      warnings: [],
    });
  });

  it('warns about http away from this machine, but not on localhost', () => {
    const remote = describeUrlTarget('http://example.com/');
    expect('warnings' in remote && remote.warnings).toEqual([expect.stringMatching(/not encrypted/)]);
    const local = describeUrlTarget('http://localhost:3000/cb');
    expect('warnings' in local && local.warnings).toEqual([]);
  });

  it('warns about punycode hosts and a user name that looks like a host', () => {
    const idn = describeUrlTarget('https://exаmple.com/'); // a Cyrillic "а"
    expect('hostname' in idn && idn.hostname).toMatch(/^xn--/);
    expect('warnings' in idn && idn.warnings[0]).toMatch(/internationalised name \(punycode "xn--"\)/);
    const userinfo = describeUrlTarget('https://trusted.example@evil.example/login');
    expect('parts' in userinfo && userinfo.parts).toEqual({ before: 'https://trusted.example@', host: 'evil.example', after: '/login' });
    expect('warnings' in userinfo && userinfo.warnings).toEqual([expect.stringMatching(/the site it opens is evil\.example/)]);
  });

  it('never opens other schemes, and says why an address cannot be read', () => {
    const js = describeUrlTarget('javascript:alert(1)');
    expect('opens' in js && js.opens).toBe(false);
    expect('parts' in js && js.parts).toEqual({ before: 'javascript:', host: '', after: 'alert(1)' });
    expect(describeUrlTarget('/relative/path')).toEqual({ problem: '"/relative/path" is not a valid absolute URL, so it cannot be opened.' });
  });
});
