import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MCPSCOPE_VERSION } from './mcpscope-version.js';

describe('MCPSCOPE_VERSION', () => {
  it("is package.json's version", () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(MCPSCOPE_VERSION).toBe(pkg.version);
  });
});
