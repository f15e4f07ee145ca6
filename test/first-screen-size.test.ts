import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_BUDGET, firstScreenFiles, firstScreenSize } from '../scripts/first-screen.mjs';

// The first screen (connection panel, Ping, Log) must stay light: the tabs, the tool
// form, the lint engine and the chart load on demand. Measured on the UI that
// `npm run build` wrote (`npm test` builds first).
const uiDir = fileURLToPath(new URL('../dist/ui/', import.meta.url));
const built = existsSync(`${uiDir}index.html`);
if (!built) console.warn('first-screen-size.test.ts: dist/ui is missing, so the budget is not checked: run "npm run build" first.');

describe('first-screen JavaScript', () => {
  it('follows static imports from the entry, not import()', () => {
    const files = firstScreenFiles({
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'], dynamicImports: ['src/Tools.tsx'] },
      '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'] },
      '_react.js': { file: 'assets/react.js', imports: ['_shared.js'] },
      'src/Tools.tsx': { file: 'assets/Tools.js', isDynamicEntry: true, imports: ['_shared.js'] },
    });
    expect(files).toEqual(['assets/index.js', 'assets/shared.js', 'assets/react.js']);
  });

  it.skipIf(!built)(`is at most ${FIRST_SCREEN_BUDGET / 1000} kB gzip (entry chunk and its static imports; skipped without dist/ui)`, () => {
    const size = firstScreenSize(uiDir);
    const listing = size.files.map((f) => `${f.file}: ${(f.gzip / 1000).toFixed(1)} kB gzip`).join('; ');
    expect(
      size.gzip,
      `first screen ${(size.gzip / 1000).toFixed(1)} kB gzip (${listing}); run "npm run bundle-size" to see what it is made of`,
    ).toBeLessThanOrEqual(FIRST_SCREEN_BUDGET);
    // Something was measured: the entry holds at least React.
    expect(size.gzip).toBeGreaterThan(40_000);
  });
});
