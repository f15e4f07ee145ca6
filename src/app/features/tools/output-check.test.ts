import { describe, expect, it } from 'vitest';
import { checkStructuredContent } from './output-check.js';

const outputSchema = {
  type: 'object',
  properties: { orderId: { type: 'string' }, units: { type: 'integer', minimum: 1 } },
  required: ['orderId', 'units'],
};

describe('checkStructuredContent', () => {
  it('passes structuredContent that matches the outputSchema', () => {
    expect(checkStructuredContent({ outputSchema }, { content: [], structuredContent: { orderId: 'ORD-1', units: 3 } })).toEqual({ kind: 'match' });
  });

  it('fails structuredContent that does not match, listing each problem with its path', () => {
    const check = checkStructuredContent({ outputSchema }, { content: [], structuredContent: { units: 0 } });
    expect(check.kind).toBe('mismatch');
    expect(check.kind === 'mismatch' && check.problems).toEqual(
      expect.arrayContaining(['(root): missing required property "orderId"', '/units: must be >= 1']),
    );
  });

  it('says when an outputSchema is declared but structuredContent is missing, and whether the result is a tool error', () => {
    expect(checkStructuredContent({ outputSchema }, { content: [] })).toEqual({ kind: 'missing', isError: false });
    expect(checkStructuredContent({ outputSchema }, { content: [], isError: true })).toEqual({ kind: 'missing', isError: true });
  });

  it('has nothing to check without an outputSchema', () => {
    expect(checkStructuredContent({}, { content: [], structuredContent: { a: 1 } })).toEqual({ kind: 'no-schema' });
    expect(checkStructuredContent(undefined, {})).toEqual({ kind: 'no-schema' });
  });

  it('reports an outputSchema that does not compile instead of a verdict', () => {
    const check = checkStructuredContent({ outputSchema: { type: 'no-such-type' } }, { content: [], structuredContent: {} });
    expect(check.kind).toBe('schema-error');
  });
});

describe('checkStructuredContent with server patterns', () => {
  const evil = { type: 'object', properties: { word: { type: 'string', pattern: '^(a+)+$' } }, required: ['word'] };

  it('checks an exponential pattern in an outputSchema quickly, with the right verdict', () => {
    const started = performance.now();
    const check = checkStructuredContent({ outputSchema: evil }, { content: [], structuredContent: { word: `${'a'.repeat(29)}!` } });
    expect(performance.now() - started).toBeLessThan(500);
    expect(check).toEqual({ kind: 'mismatch', problems: ['/word: must match pattern "^(a+)+$"'] });
  });

  it('lists the patterns it could not check safely beside the verdict', () => {
    const outputSchema = { type: 'object', properties: { code: { type: 'string', pattern: '^(?!x)' } } };
    expect(checkStructuredContent({ outputSchema }, { content: [], structuredContent: { code: 'x' } })).toEqual({
      kind: 'match',
      notChecked: ['/properties/code: pattern "^(?!x)" uses features that cannot be checked safely (such as lookaround or backreferences); not checked'],
    });
  });
});
