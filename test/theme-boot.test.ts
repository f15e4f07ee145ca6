// public/theme-boot.js sets a kept theme before the first paint; it cannot import the
// store, so this keeps its key and its values the store's.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { THEME_CHOICES, THEME_STORAGE_KEY } from '../src/app/theme/theme-store.js';
import { BOOT_SCRIPTS } from '../scripts/first-screen.mjs';

describe('the boot script (public/theme-boot.js)', () => {
  it("reads the store's key and sets each chosen theme the store knows", () => {
    const script = readFileSync(new URL('../public/theme-boot.js', import.meta.url), 'utf8');
    expect(script).toContain(`getItem('${THEME_STORAGE_KEY}')`);
    for (const choice of THEME_CHOICES.filter((c) => c !== 'system')) expect(script).toContain(`theme === '${choice}'`);
  });

  it('is what index.html loads before the app, and what the first-screen budget counts', () => {
    const html = readFileSync(new URL('../index.html', import.meta.url), 'utf8');
    const loaded = [...html.matchAll(/<script src="\/([^"]+)"><\/script>/g)].map((m) => m[1]);
    expect(loaded).toEqual(BOOT_SCRIPTS);
  });
});
