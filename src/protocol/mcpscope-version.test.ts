import { describe, expect, it } from 'vitest';
import pkg from '../../package.json' with { type: 'json' };
import { MCPSCOPE_VERSION } from './mcpscope-version.js';

describe('MCPSCOPE_VERSION', () => {
  it("is package.json's version", () => {
    expect(MCPSCOPE_VERSION).toBe(pkg.version);
  });
});
