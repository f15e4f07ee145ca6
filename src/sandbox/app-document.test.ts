import { describe, expect, it } from 'vitest';
import { appDocument, reportFromApp } from './app-document.js';

describe("the app's document", () => {
  it('puts the reporter first, after the doctype, so the document stays in standards mode', () => {
    const doc = appDocument('<!DOCTYPE html><html><body>app</body></html>');
    expect(doc.startsWith('<!DOCTYPE html><script>(')).toBe(true);
    expect(doc).toContain('("mcpscopeSandboxReport");</script><html><body>app</body></html>');
    expect(appDocument('<p>app</p>')).toMatch(/^<script>.*<\/script><p>app<\/p>$/s);
  });

  it('reads only the reports the reporter sends, cut to size', () => {
    expect(reportFromApp({ kind: 'csp-violation', directive: 'connect-src', blockedUri: 'http://127.0.0.1:6290/api/config', sample: '' })).toEqual({
      kind: 'csp-violation',
      directive: 'connect-src',
      blockedUri: 'http://127.0.0.1:6290/api/config',
    });
    expect(reportFromApp({ kind: 'app-error', message: 'x'.repeat(5000) })).toEqual({ kind: 'app-error', message: `${'x'.repeat(1000)}…` });
    expect(reportFromApp({ kind: 'flood', dropped: 1e9 })).toBeUndefined();
    expect(reportFromApp({ kind: 'app-error', message: 7 })).toBeUndefined();
    expect(reportFromApp('app-error')).toBeUndefined();
  });
});
