import { describe, expect, it } from 'vitest';
import { chooseIcon } from './icon-choice.js';

const none = new Set<string>();
const PNG = 'data:image/png;base64,AAAA';

describe('chooseIcon', () => {
  it('shows data: images and https: icons of allowed origins only', () => {
    expect(chooseIcon([{ src: PNG }], none)).toEqual({ status: 'show', src: PNG });
    expect(chooseIcon([{ src: 'https://cdn.example/i.png' }], none)).toEqual({
      status: 'blocked',
      origin: 'https://cdn.example',
      src: 'https://cdn.example/i.png',
    });
    expect(chooseIcon([{ src: 'https://cdn.example/i.png' }], new Set(['https://cdn.example']))).toEqual({
      status: 'show',
      src: 'https://cdn.example/i.png',
    });
    // An allowed origin is exact: another port or scheme is another origin.
    expect(chooseIcon([{ src: 'https://cdn.example:8443/i.png' }], new Set(['https://cdn.example']))?.status).toBe('blocked');
  });

  it('never loads http:, javascript:, relative or non-image data: sources', () => {
    for (const src of [
      'http://cdn.example/i.png',
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      '/icon.png',
      'data:text/html,<b>x</b>',
      'file:///etc/passwd',
    ]) {
      const choice = chooseIcon([{ src }], new Set(['http://cdn.example', 'https://cdn.example']));
      expect(choice?.status, src).toBe('refused');
    }
    expect(chooseIcon([{ src: 'http://cdn.example/i.png' }], none)).toEqual({
      status: 'refused',
      reason: 'http: icons are never loaded (only https: and data: images)',
    });
  });

  it('gives nothing without icons, and survives junk entries', () => {
    expect(chooseIcon(undefined, none)).toBeUndefined();
    expect(chooseIcon([], none)).toBeUndefined();
    expect(chooseIcon('x', none)).toBeUndefined();
    expect(chooseIcon([null, 3, { src: 5 }], none)).toEqual({ status: 'refused', reason: 'no icon has a "src" string' });
    expect(chooseIcon([null, { src: PNG }], none)).toEqual({ status: 'show', src: PNG });
  });

  it('prefers a loadable icon to a blocked one, the page theme, then the smallest size that is big enough', () => {
    expect(chooseIcon([{ src: 'https://a.example/i.png' }, { src: PNG }], none)).toEqual({ status: 'show', src: PNG });
    const dark = 'data:image/png;base64,DARK';
    const light = 'data:image/png;base64,LIGHT';
    expect(
      chooseIcon(
        [
          { src: dark, theme: 'dark' },
          { src: light, theme: 'light' },
        ],
        none,
      ),
    ).toEqual({ status: 'show', src: light });
    expect(
      chooseIcon(
        [
          { src: dark, theme: 'dark' },
          { src: light, theme: 'light' },
        ],
        none,
        { theme: 'dark' },
      ),
    ).toEqual({ status: 'show', src: dark });
    // Only a dark icon: still shown.
    expect(chooseIcon([{ src: dark, theme: 'dark' }], none)).toEqual({ status: 'show', src: dark });
    const small = 'data:image/png;base64,S';
    const mid = 'data:image/png;base64,M';
    const big = 'data:image/png;base64,B';
    expect(
      chooseIcon(
        [
          { src: big, sizes: ['512x512'] },
          { src: small, sizes: ['8x8'] },
          { src: mid, sizes: ['32x32', '24x24'] },
        ],
        none,
        { size: 16 },
      ),
    ).toEqual({ status: 'show', src: mid });
    const svg = 'data:image/svg+xml;base64,PHN2Zy8+';
    expect(
      chooseIcon(
        [
          { src: small, sizes: ['8x8'] },
          { src: svg, sizes: ['any'] },
        ],
        none,
      ),
    ).toEqual({ status: 'show', src: svg });
  });
});
