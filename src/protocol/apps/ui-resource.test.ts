import { describe, expect, it } from 'vitest';
import { APP_RESOURCE_MIME_TYPE } from './contract.js';
import { EMPTY_CSP } from './csp.js';
import { readUiResource } from './ui-resource.js';

const URI = 'ui://demo/app';
const HTML = '<!doctype html><html><body>hi</body></html>';
const read = (content: Record<string, unknown>) => ({ contents: [{ uri: URI, mimeType: APP_RESOURCE_MIME_TYPE, ...content }] });

describe('readUiResource', () => {
  it('reads the HTML and the restrictive defaults when _meta.ui says nothing', () => {
    expect(readUiResource(URI, read({ text: HTML }))).toEqual({ value: { uri: URI, html: HTML, csp: EMPTY_CSP, permissions: {} }, problems: [] });
  });

  it('decodes a base64 blob of UTF-8', () => {
    const blob = btoa(String.fromCharCode(...new TextEncoder().encode('<p>é</p>')));
    expect(readUiResource(URI, read({ blob })).value?.html).toBe('<p>é</p>');
  });

  it("reads the content's _meta.ui: csp, permissions, prefersBorder, domain", () => {
    const r = readUiResource(
      URI,
      read({
        text: HTML,
        _meta: {
          ui: {
            csp: { connectDomains: ['https://api.example.com'], resourceDomains: ['https://cdn.example.com'] },
            permissions: { camera: {}, clipboardWrite: {} },
            prefersBorder: true,
            domain: 'abc.example.net',
          },
        },
      }),
    );
    expect(r.problems).toEqual([]);
    expect(r.value).toEqual({
      uri: URI,
      html: HTML,
      csp: { ...EMPTY_CSP, connectDomains: ['https://api.example.com'], resourceDomains: ['https://cdn.example.com'] },
      permissions: { camera: true, clipboardWrite: true },
      prefersBorder: true,
      domain: 'abc.example.net',
    });
  });

  it("falls back to the listed resource's _meta.ui", () => {
    const listed = { uri: URI, name: 'app', _meta: { ui: { prefersBorder: false } } };
    expect(readUiResource(URI, read({ text: HTML }), listed).value?.prefersBorder).toBe(false);
  });

  const faults: Array<[string, string, unknown, string, string, boolean]> = [
    ['no contents', URI, {}, 'APP-RESOURCE-MISSING', '/contents', false],
    ['no content with the URI', URI, { contents: [{ uri: 'ui://other', text: HTML }] }, 'APP-RESOURCE-MISSING', '/contents', false],
    [
      'a URI that is not ui://',
      'https://x/app',
      { contents: [{ uri: 'https://x/app', mimeType: APP_RESOURCE_MIME_TYPE, text: HTML }] },
      'APP-RESOURCE-URI',
      '',
      true,
    ],
    ['a MIME type that is not HTML', URI, read({ mimeType: 'application/json', text: '{}' }), 'APP-RESOURCE-MIME', '/contents/0/mimeType', false],
    ['text/html without the profile', URI, read({ mimeType: 'text/html', text: HTML }), 'APP-RESOURCE-MIME', '/contents/0/mimeType', true],
    ['neither text nor blob', URI, read({}), 'APP-RESOURCE-CONTENT', '/contents/0', false],
    ['a blob that is not base64', URI, read({ blob: '%%%' }), 'APP-RESOURCE-CONTENT', '/contents/0/blob', false],
    ['empty HTML', URI, read({ text: '  ' }), 'APP-RESOURCE-CONTENT', '/contents/0', true],
    ['_meta.ui not an object', URI, read({ text: HTML, _meta: { ui: [] } }), 'APP-RESOURCE-UI', '/contents/0/_meta/ui', true],
    ['csp not an object', URI, read({ text: HTML, _meta: { ui: { csp: 'https://a' } } }), 'APP-RESOURCE-UI', '/contents/0/_meta/ui/csp', true],
    [
      'a csp list not a list',
      URI,
      read({ text: HTML, _meta: { ui: { csp: { connectDomains: 'https://a.example' } } } }),
      'APP-RESOURCE-UI',
      '/contents/0/_meta/ui/csp/connectDomains',
      true,
    ],
    [
      'a csp entry not a string',
      URI,
      read({ text: HTML, _meta: { ui: { csp: { frameDomains: [1] } } } }),
      'APP-RESOURCE-UI',
      '/contents/0/_meta/ui/csp/frameDomains/0',
      true,
    ],
    [
      'a refused csp domain',
      URI,
      read({ text: HTML, _meta: { ui: { csp: { resourceDomains: ['https://ok.example', '*'] } } } }),
      'APP-CSP-DOMAIN',
      '/contents/0/_meta/ui/csp/resourceDomains/1',
      true,
    ],
    [
      'a permission given as true',
      URI,
      read({ text: HTML, _meta: { ui: { permissions: { camera: true } } } }),
      'APP-RESOURCE-UI',
      '/contents/0/_meta/ui/permissions/camera',
      true,
    ],
    [
      'an unknown permission',
      URI,
      read({ text: HTML, _meta: { ui: { permissions: { usb: {} } } } }),
      'APP-RESOURCE-UI',
      '/contents/0/_meta/ui/permissions/usb',
      true,
    ],
    [
      'prefersBorder not a boolean',
      URI,
      read({ text: HTML, _meta: { ui: { prefersBorder: 'yes' } } }),
      'APP-RESOURCE-UI',
      '/contents/0/_meta/ui/prefersBorder',
      true,
    ],
    ['domain not a string', URI, read({ text: HTML, _meta: { ui: { domain: 5 } } }), 'APP-RESOURCE-UI', '/contents/0/_meta/ui/domain', true],
  ];
  for (const [what, uri, result, rule, path, hasValue] of faults) {
    it(`names ${what}`, () => {
      const r = readUiResource(uri, result);
      expect(r.problems.map((p) => [p.rule, p.path ?? ''])).toContainEqual([rule, path]);
      expect(r.value !== undefined).toBe(hasValue);
    });
  }

  it('keeps only the allowed csp domains, and grants no malformed permission', () => {
    const r = readUiResource(
      URI,
      read({ text: HTML, _meta: { ui: { csp: { connectDomains: ['https://ok.example', "'self'"] }, permissions: { camera: true, microphone: {} } } } }),
    );
    expect(r.value?.csp.connectDomains).toEqual(['https://ok.example']);
    expect(r.value?.permissions).toEqual({ microphone: true });
  });

  it('picks the content whose URI matches among several', () => {
    const result = {
      contents: [
        { uri: 'ui://other', mimeType: 'text/plain', text: 'no' },
        { uri: URI, mimeType: APP_RESOURCE_MIME_TYPE, text: HTML },
      ],
    };
    expect(readUiResource(URI, result)).toMatchObject({ value: { html: HTML }, problems: [] });
  });
});
