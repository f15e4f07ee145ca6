import { readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shouldOpenBrowser, writeRedirectFile } from './open-browser.js';

describe('opening the browser', () => {
  it('hands the browser a private file, so the token never appears on a command line', () => {
    const url = 'http://127.0.0.1:6290/#token=secret"<x>';
    const file = writeRedirectFile(url);
    try {
      expect(statSync(file.path).mode & 0o777).toBe(0o600);
      expect(statSync(dirname(file.path)).mode & 0o777).toBe(0o700);
      const html = readFileSync(file.path, 'utf8');
      expect(html).toContain('http-equiv="refresh" content="0;url=http://127.0.0.1:6290/#token=secret&quot;&lt;x&gt;"');
      expect(file.path).not.toContain('secret');
    } finally {
      file.remove();
    }
  });

  it('does not open one under CI, without a display, or when told not to', () => {
    expect(shouldOpenBrowser(true, { CI: 'true', DISPLAY: ':0' }, 'linux')).toBe(false);
    expect(shouldOpenBrowser(true, {}, 'linux')).toBe(false);
    expect(shouldOpenBrowser(false, { DISPLAY: ':0' }, 'linux')).toBe(false);
    expect(shouldOpenBrowser(true, { DISPLAY: ':0' }, 'linux')).toBe(true);
  });
});
