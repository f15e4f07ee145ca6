// Every provider rule runs its own examples: the passing one passes, the failing
// one fails, and each rewrite offered makes the failing one pass.
import { describe, expect, it } from 'vitest';
import { RULES, specUrl } from '../rules.js';
import { PROVIDER_RULE_IDS, PROVIDER_RULES } from './table.js';
import type { PatchOp, ToolShape } from './types.js';

/** RFC 6901 pointer → keys. */
const keys = (path: string): string[] =>
  path === ''
    ? []
    : path
        .slice(1)
        .split('/')
        .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));

/** Just enough RFC 6902 (add, remove, replace) to apply a rewrite to a copy. */
function applyPatch(doc: ToolShape, patch: readonly PatchOp[]): ToolShape {
  const out = structuredClone(doc) as Record<string, unknown>;
  for (const op of patch) {
    const path = keys(op.path);
    const last = path.pop()!;
    let parent: unknown = out;
    for (const k of path) parent = (parent as Record<string, unknown>)[k];
    if (Array.isArray(parent)) {
      if (op.op === 'remove') parent.splice(Number(last), 1);
      else if (last === '-') parent.push(op.value);
      else parent.splice(Number(last), op.op === 'replace' ? 1 : 0, op.value);
    } else {
      const record = parent as Record<string, unknown>;
      if (op.op === 'remove') delete record[last];
      else Object.defineProperty(record, last, { value: op.value, enumerable: true, writable: true, configurable: true });
    }
  }
  return out;
}

/** The rules whose failure the provider answers with a refusal of the request, not a looser schema. */
const REFUSED = new Set<string>([
  'PROVIDER-OPENAI-FUNCTION-NAME',
  'PROVIDER-OPENAI-DESCRIPTION-LENGTH',
  'PROVIDER-ANTHROPIC-TOOL-NAME',
  'PROVIDER-GEMINI-FUNCTION-NAME',
  'PROVIDER-GEMINI-PARAMETER-NAME',
]);

describe('the provider rule table', () => {
  it('has rules for each provider', () => {
    const providers = new Set(PROVIDER_RULE_IDS.map((id) => PROVIDER_RULES[id].provider));
    expect([...providers].sort()).toEqual(['anthropic', 'gemini', 'openai']);
  });

  describe.each(PROVIDER_RULE_IDS)('%s', (id) => {
    const rule = PROVIDER_RULES[id];

    it('names its provider in its id, is an error only for what the provider refuses, and links to the provider’s page', () => {
      expect(id.startsWith(`PROVIDER-${rule.provider.toUpperCase()}-`)).toBe(true);
      expect(rule.severity).toBe(REFUSED.has(id) ? 'error' : 'warning');
      expect(specUrl(id, '2025-11-25')).toBe(rule.spec.url);
      expect(RULES[id].title).toBe(rule.title);
      expect(new URL(rule.spec.url).hostname).toMatch(/(^|\.)(openai\.com|claude\.com|google\.dev|google\.com)$/);
    });

    it('passes its passing example', () => {
      expect(rule.check(rule.examples.pass)).toEqual([]);
    });

    it('fails its failing example, with pointers into the tool', () => {
      const failures = rule.check(rule.examples.fail);
      expect(failures.length).toBeGreaterThan(0);
      for (const f of failures) expect(f.path).toMatch(/^\/(name|description|inputSchema|outputSchema)(\/|$)/);
    });

    it('offers rewrites that pass', () => {
      const failures = rule.check(rule.examples.fail);
      const rewrites = failures.flatMap((f) => (f.rewrite ? [f.rewrite] : []));
      if (rewrites.length === 0) return;
      const fixed = rewrites.reduce((tool, r) => applyPatch(tool, r.patch), rule.examples.fail);
      expect(rule.check(fixed)).toEqual([]);
    });
  });
});
