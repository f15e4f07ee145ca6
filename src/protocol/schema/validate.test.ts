import { describe, expect, it } from 'vitest';
import { formatProblems, validateAgainstSchema } from './validate.js';

const outputSchema = {
  type: 'object',
  properties: { temperature: { type: 'number' }, humidity: { type: 'integer', maximum: 100 }, when: { type: 'string', format: 'date' } },
  required: ['temperature'],
};

describe('validateAgainstSchema', () => {
  it('passes a value that fits', () => {
    expect(validateAgainstSchema(outputSchema, { temperature: 21.5, humidity: 40, when: '2026-11-29' })).toEqual({ valid: true });
  });

  it('names every problem with its path', () => {
    const r = validateAgainstSchema(outputSchema, { temperature: '21', humidity: 140, when: 'tomorrow' });
    expect(r.valid).toBe(false);
    if (r.valid) return;
    expect(formatProblems(r.problems)).toEqual(['/temperature: must be number', '/humidity: must be <= 100', '/when: must match format "date"']);
  });

  it('reports a missing required property by name', () => {
    const r = validateAgainstSchema(outputSchema, {});
    expect(r.valid === false && r.problems[0]?.message).toBe('missing required property "temperature"');
  });

  it('follows $ref into $defs (2020-12) and definitions (draft-07)', () => {
    const s2020 = { type: 'object', $defs: { n: { type: 'integer' } }, properties: { a: { $ref: '#/$defs/n' } } };
    expect(validateAgainstSchema(s2020, { a: 1.5 }).valid).toBe(false);
    const s07 = { $schema: 'http://json-schema.org/draft-07/schema#', definitions: { n: { type: 'integer' } }, properties: { a: { $ref: '#/definitions/n' } } };
    expect(validateAgainstSchema(s07, { a: 2 }).valid).toBe(true);
  });

  it('reports a schema that does not compile instead of throwing', () => {
    const r = validateAgainstSchema({ type: 'nonsense' }, 1);
    expect(r).toMatchObject({ valid: false, schemaError: expect.stringMatching(/cannot be used/) });
    expect(validateAgainstSchema('nope', 1)).toMatchObject({ valid: false, schemaError: expect.any(String) });
  });
});

describe('validateAgainstSchema: what a person needs from nested failures', () => {
  const order = {
    type: 'object',
    $defs: { person: { type: 'object', properties: { name: { type: 'string', minLength: 1 } }, required: ['name'] } },
    properties: {
      customer: { $ref: '#/$defs/person' },
      items: { type: 'array', items: { type: 'object', properties: { quantity: { type: 'integer', minimum: 1 } }, required: ['quantity'] } },
      note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    },
    required: ['customer'],
  };

  it('reports leaves with their paths, not the containers around them', () => {
    const r = validateAgainstSchema(order, { customer: { name: '' }, items: [{ quantity: 0 }, {}], note: 5 });
    expect(r.valid === false && formatProblems(r.problems)).toEqual([
      '/customer/name: must have at least 1 character',
      '/items/0/quantity: must be >= 1',
      '/items/1: missing required property "quantity"',
      '/note: must match at least one of the allowed schemas (anyOf)',
    ]);
  });

  it('treats the schema as data: a hostile property name is just a name', () => {
    const hostile = { type: 'object', properties: { "a'); globalThis.pwned = true; ('": { type: 'string' } }, required: ["a'); globalThis.pwned = true; ('"] };
    const r = validateAgainstSchema(hostile, {});
    expect(r.valid).toBe(false);
    expect((globalThis as { pwned?: boolean }).pwned).toBeUndefined();
  });
});

describe('validateAgainstSchema with server patterns', () => {
  const evil = { type: 'object', properties: { s: { type: 'string', pattern: '^(a+)+$' } } };
  const thirtyAndABang = `${'a'.repeat(30)}!`;

  it('checks a catastrophic pattern against a 30-character value quickly and correctly', () => {
    const started = performance.now();
    const r = validateAgainstSchema(evil, { s: thirtyAndABang });
    const ms = performance.now() - started;
    expect(r).toEqual({ valid: false, problems: [{ path: '/s', message: 'must match pattern "^(a+)+$"' }] });
    expect(validateAgainstSchema(evil, { s: 'a'.repeat(30) })).toEqual({ valid: true });
    // The backtracking engine took 6.6 s for this value.
    expect(ms).toBeLessThan(500);
  });

  it('checks patternProperties keys and propertyNames the same way', () => {
    const schema = {
      type: 'object',
      patternProperties: { '^(a+)+$': { type: 'integer' }, '^x': { type: 'string' } },
      additionalProperties: false,
      propertyNames: { pattern: '^(a+)+$|^x' },
    };
    expect(validateAgainstSchema(schema, { aaaa: 1, xy: 'ok' })).toEqual({ valid: true });
    const started = performance.now();
    const r = validateAgainstSchema(schema, { aaaa: 'no', [thirtyAndABang]: 1 });
    expect(performance.now() - started).toBeLessThan(500);
    // The validator's own wording for propertyNames and additionalProperties: false.
    expect(r.valid === false && formatProblems(r.problems)).toEqual([
      `(root): Property name "${thirtyAndABang}" does not match schema.`,
      `/${thirtyAndABang}: must match pattern "^(a+)+$|^x"`,
      '/aaaa: must be integer',
      `(root): has unexpected property "${thirtyAndABang}"`,
      `/${thirtyAndABang}: False boolean schema.`,
    ]);
  });

  it('keeps two patterns that match the same keys apart', () => {
    const schema = { type: 'object', patternProperties: { '^a': { type: 'integer' }, a$: { minimum: 5 } } };
    const r = validateAgainstSchema(schema, { aa: 3 });
    expect(r.valid === false && formatProblems(r.problems)).toEqual(['/aa: must be >= 5']);
  });

  it('matches strings with regular expression characters in them literally', () => {
    const schema = { type: 'object', properties: { s: { type: 'string', pattern: '^a.*\\)$' } } };
    expect(validateAgainstSchema(schema, { s: 'a(.*|[x]{2})' }).valid).toBe(true);
    expect(validateAgainstSchema(schema, { s: 'b)' }).valid).toBe(false);
  });

  it('reports a pattern it cannot run safely as not checked, and checks the rest', () => {
    const schema = { type: 'object', properties: { s: { type: 'string', pattern: '^(?=a)a+$', maxLength: 3 } } };
    const r = validateAgainstSchema(schema, { s: 'bbbb' });
    const note = '/properties/s: pattern "^(?=a)a+$" uses features that cannot be checked safely (such as lookaround or backreferences); not checked';
    expect(r).toEqual({ valid: false, problems: [{ path: '/s', message: 'must have at most 3 characters' }], notChecked: [note] });
    expect(validateAgainstSchema(schema, { s: 'bb' })).toEqual({ valid: true, notChecked: [note] });
  });

  it('does not run the exponential "url" format checker', () => {
    const schema = { type: 'object', properties: { u: { type: 'string', format: 'url' } } };
    const started = performance.now();
    const r = validateAgainstSchema(schema, { u: `http://${'a'.repeat(40)}!` });
    expect(performance.now() - started).toBeLessThan(500);
    expect(r.valid && r.notChecked).toEqual(['/properties/u: format "url" cannot be checked safely (its checker can take exponential time); not checked']);
  });

  it('names an invalid patternProperties key as a schema problem', () => {
    const r = validateAgainstSchema({ type: 'object', patternProperties: { '([': {} } }, { a: 1 });
    expect(r).toEqual({
      valid: false,
      schemaError: 'The schema cannot be used: /patternProperties: pattern "([" is not a valid regular expression',
      problems: [],
    });
  });
});

describe('validateAgainstSchema with deep schemas and values', () => {
  const deepSchema = (levels: number) => {
    let s: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < levels; i++) s = { type: 'object', properties: { x: s } };
    return s;
  };
  const deepValue = (levels: number) => {
    let v: unknown = 'x';
    for (let i = 0; i < levels; i++) v = { x: v };
    return v;
  };

  it('gives up on a 3,000-level schema with a sentence instead of overflowing the stack', () => {
    const r = validateAgainstSchema(deepSchema(3000), deepValue(3000));
    expect(r).toEqual({
      valid: false,
      schemaError: 'The schema nests more than 128 levels deep, more than mcpscope checks; values are not checked against it.',
      problems: [],
      beyondLimits: true,
    });
  });

  it('gives up on a very deep value under a recursive schema', () => {
    const tree = { $ref: '#/$defs/node', $defs: { node: { type: 'object', properties: { x: { $ref: '#/$defs/node' } } } } };
    expect(validateAgainstSchema(tree, deepValue(50)).valid).toBe(false);
    const r = validateAgainstSchema(tree, deepValue(5000));
    expect('schemaError' in r && r.schemaError).toMatch(/^The value nests more than 128 levels deep/);
  });

  it('still checks a schema 60 levels deep', () => {
    expect(validateAgainstSchema(deepSchema(60), deepValue(60))).toEqual({ valid: true });
    const r = validateAgainstSchema(deepSchema(60), deepValue(59));
    expect(r.valid).toBe(false);
  });
});

describe('validateAgainstSchema: no server pattern reaches the backtracking engine', () => {
  const evilValue = `${'a'.repeat(29)}!`;
  // Each took the validator's own engine 35 s or more before patterns were found everywhere.
  const detours: Array<[string, Record<string, unknown>]> = [
    ['a $ref to an unknown keyword', { $ref: '#/x-evil', 'x-evil': { pattern: '^(a+)+$' } }],
    ['a $ref into $defs', { $ref: '#/$defs/s', $defs: { s: { pattern: '^(a+)+$' } } }],
    ['a $ref into definitions', { $schema: 'http://json-schema.org/draft-07/schema#', definitions: { s: { pattern: '^(a+)+$' } }, $ref: '#/definitions/s' }],
    ['a $ref to a keyword nested in unknown keywords', { $ref: '#/x-a/x-b/0', 'x-a': { 'x-b': { 0: { pattern: '^(a+)+$' } } } }],
    [
      'patternProperties under an unknown keyword',
      { type: 'object', properties: { o: { $ref: '#/x-map' } }, 'x-map': { patternProperties: { '^(a+)+$': { type: 'integer' } } } },
    ],
  ];

  for (const [name, schema] of detours) {
    it(`checks a pattern reached through ${name} on the linear engine`, () => {
      const value = name.startsWith('patternProperties') ? { o: { [evilValue]: 1, aaa: 'x' } } : evilValue;
      const started = performance.now();
      const r = validateAgainstSchema(schema, value);
      expect(performance.now() - started).toBeLessThan(500);
      expect(r.valid).toBe(false);
      expect(JSON.stringify(r)).not.toContain('cannot be used');
    });
  }

  it('still reports the server pattern reached through $ref in its own words', () => {
    const r = validateAgainstSchema({ type: 'object', properties: { s: { $ref: '#/x-evil' } }, 'x-evil': { pattern: '^(a+)+$' } }, { s: evilValue });
    expect(r).toEqual({ valid: false, problems: [{ path: '/s', message: 'must match pattern "^(a+)+$"' }] });
    expect(validateAgainstSchema({ $ref: '#/x-evil', 'x-evil': { pattern: '^(a+)+$' } }, 'aaaa')).toEqual({ valid: true });
  });

  it('leaves data keywords alone: a "pattern" inside enum or const is a value, not a pattern', () => {
    const schema = { enum: [{ pattern: '^(a+)+$' }], const: { pattern: '^(a+)+$' } };
    expect(validateAgainstSchema(schema, { pattern: '^(a+)+$' })).toEqual({ valid: true });
  });
});

describe('validateAgainstSchema: patterns take time linear in the value', () => {
  const strings = Array.from({ length: 20_000 }, (_, i) => `item${i}`);

  it('checks 20,000 strings under one pattern in well under a second, with the right verdict', () => {
    const schema = { type: 'array', items: { type: 'string', pattern: '^item' } };
    let started = performance.now();
    expect(validateAgainstSchema(schema, strings)).toEqual({ valid: true });
    // A stand-in listing every matched string took 6 s here.
    expect(performance.now() - started).toBeLessThan(1000);
    started = performance.now();
    const r = validateAgainstSchema(schema, [...strings.slice(0, 12_345), 'nope', ...strings.slice(12_345)]);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(r).toEqual({ valid: false, problems: [{ path: '/12345', message: 'must match pattern "^item"' }] });
  });

  it('checks 20,000 objects under patternProperties quickly, and says when there are too many names to list', () => {
    const schema = { type: 'array', items: { type: 'object', patternProperties: { '^n': { type: 'integer' } }, additionalProperties: false } };
    const started = performance.now();
    expect(
      validateAgainstSchema(
        schema,
        strings.map((_, i) => ({ n: i })),
      ),
    ).toEqual({ valid: true });
    expect(performance.now() - started).toBeLessThan(1000);
    const wrong = validateAgainstSchema(schema, [{ n: 1 }, { m: 1 }]);
    expect(wrong.valid === false && wrong.problems).toContainEqual({ path: '/1', message: 'has unexpected property "m"' });
    const many = validateAgainstSchema(
      schema,
      strings.map((s, i) => ({ [`n${s}`]: i })),
    );
    expect(many).toMatchObject({
      valid: false,
      beyondLimits: true,
      schemaError: expect.stringMatching(/more property names matching patternProperties "\^n" than mcpscope checks/),
    });
  });
});

describe('validateAgainstSchema: property names that are Object.prototype members', () => {
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('checks a property named %s, patterns included', (name) => {
    const schema: unknown = JSON.parse(`{"type":"object","properties":{"${name}":{"type":"string","pattern":"^a+$"}}}`);
    expect(validateAgainstSchema(schema, JSON.parse(`{"${name}":"aa"}`))).toEqual({ valid: true });
    const r = validateAgainstSchema(schema, JSON.parse(`{"${name}":"b"}`));
    expect(r.valid).toBe(false);
    expect(r.valid === false && formatProblems(r.problems)).toEqual([expect.stringContaining(`/${name}`)]);
  });
});
