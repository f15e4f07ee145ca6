import { describe, expect, it } from 'vitest';
import { JSON_FIELD, isJsonField, prepareFormSchema, type Schema } from './prepare-schema.js';

const props = (s: Schema) => s.properties as Record<string, Schema>;

describe('prepareFormSchema: $ref and $defs', () => {
  it('inlines #/$defs references (2020-12), with sibling keywords overriding the target', () => {
    const { schema, fallbacks } = prepareFormSchema({
      type: 'object',
      $defs: { person: { type: 'object', title: 'Person', description: 'A person', properties: { name: { type: 'string' } }, required: ['name'] } },
      properties: { customer: { $ref: '#/$defs/person', description: 'Who the order is for' } },
      required: ['customer'],
    });
    const customer = props(schema).customer!;
    expect(customer.$ref).toBeUndefined();
    expect(customer).toMatchObject({ type: 'object', title: 'Person', description: 'Who the order is for', required: ['name'] });
    expect(props(customer).name).toEqual({ type: 'string' });
    expect(schema.$defs).toBeUndefined();
    expect(fallbacks).toEqual([]);
  });

  it('inlines #/definitions references (draft-07) and chains of references', () => {
    const { schema } = prepareFormSchema({
      type: 'object',
      definitions: { id: { $ref: '#/definitions/text' }, text: { type: 'string', minLength: 1 } },
      properties: { a: { $ref: '#/definitions/id' } },
    });
    expect(props(schema).a).toEqual({ type: 'string', minLength: 1 });
  });

  it('uses the same definition in several places', () => {
    const { schema } = prepareFormSchema({
      type: 'object',
      $defs: { n: { type: 'integer' } },
      properties: { a: { $ref: '#/$defs/n' }, b: { type: 'array', items: { $ref: '#/$defs/n' } } },
    });
    expect(props(schema).a).toEqual({ type: 'integer' });
    expect((props(schema).b!.items as Schema).type).toBe('integer');
  });

  it.each(['__proto__', 'constructor', 'toString', '$defs/hasOwnProperty'])(
    'takes a $ref to #/%s, which the schema does not define, for a missing one',
    (name) => {
      const { schema } = prepareFormSchema({ type: 'object', $defs: {}, properties: { x: { $ref: `#/${name}` } } });
      expect(props(schema).x![JSON_FIELD]).toMatch(/could not be found/);
    },
  );

  it('falls back to JSON, with a reason, for missing, remote and recursive references', () => {
    const { schema, uiSchema, fallbacks } = prepareFormSchema({
      type: 'object',
      $defs: { node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/$defs/node' } } } } },
      properties: {
        missing: { $ref: '#/$defs/nope' },
        remote: { $ref: 'https://example.com/schema.json' },
        tree: { $ref: '#/$defs/node' },
      },
    });
    const p = props(schema);
    expect(p.missing![JSON_FIELD]).toMatch(/could not be found/);
    expect(p.remote![JSON_FIELD]).toMatch(/not a local reference/);
    const children = props(p.tree!).children!;
    expect(isJsonField(children.items)).toBe(true);
    expect(uiSchema).toMatchObject({ missing: { 'ui:field': 'json' }, tree: { children: { items: { 'ui:field': 'json' } } } });
    expect(fallbacks).toEqual([
      expect.stringMatching(/^\/missing: /),
      expect.stringMatching(/^\/remote: /),
      expect.stringMatching(/^\/tree\/children\/\[\]: .*recursive/),
    ]);
    // No $ref is left for rjsf to resolve (it would throw on the missing one).
    expect(JSON.stringify(schema)).not.toContain('"$ref":');
  });

  it('merges a single-member allOf (a common way to describe a $ref)', () => {
    const { schema } = prepareFormSchema({
      type: 'object',
      definitions: { color: { type: 'string', enum: ['red', 'green'] } },
      properties: { c: { allOf: [{ $ref: '#/definitions/color' }], description: 'Pick one' } },
    });
    expect(props(schema).c).toEqual({ type: 'string', enum: ['red', 'green'], description: 'Pick one' });
  });
});

describe('prepareFormSchema: nullable and unions', () => {
  it('keeps type [X, "null"] as nullable', () => {
    const { schema } = prepareFormSchema({ type: 'object', properties: { note: { type: ['string', 'null'] } } });
    expect(props(schema).note).toEqual({ type: ['string', 'null'] });
  });

  it('normalises anyOf [X, {type: "null"}] to type [X, "null"], keeping the outer description and default', () => {
    const { schema } = prepareFormSchema({
      type: 'object',
      $defs: { limit: { type: 'integer', minimum: 1 } },
      properties: {
        note: { anyOf: [{ type: 'string', maxLength: 5 }, { type: 'null' }], description: 'Optional note', default: null },
        limit: { oneOf: [{ $ref: '#/$defs/limit' }, { type: 'null' }] },
      },
    });
    expect(props(schema).note).toEqual({ type: ['string', 'null'], maxLength: 5, description: 'Optional note', default: null });
    expect(props(schema).limit).toEqual({ type: ['integer', 'null'], minimum: 1 });
  });

  it('keeps oneOf of titled constants (a select), inferring the type, and makes it nullable with a null branch', () => {
    const { schema } = prepareFormSchema({
      type: 'object',
      properties: {
        units: {
          oneOf: [
            { const: 'metric', title: 'Metric' },
            { const: 'imperial', title: 'Imperial' },
          ],
        },
        level: { anyOf: [{ const: 1 }, { const: 2 }, { type: 'null' }] },
      },
    });
    expect(props(schema).units).toEqual({
      type: 'string',
      oneOf: [
        { const: 'metric', title: 'Metric' },
        { const: 'imperial', title: 'Imperial' },
      ],
    });
    expect(props(schema).level).toEqual({ type: ['integer', 'null'], anyOf: [{ const: 1 }, { const: 2 }] });
  });

  it('falls back to JSON for unions of several real alternatives and for several types', () => {
    const { schema } = prepareFormSchema({
      type: 'object',
      properties: {
        either: { anyOf: [{ type: 'string' }, { type: 'object', properties: { a: { type: 'string' } } }] },
        multi: { type: ['string', 'number'] },
      },
    });
    expect(props(schema).either![JSON_FIELD]).toMatch(/anyOf with several alternatives/);
    expect(props(schema).multi![JSON_FIELD]).toMatch(/several types/);
  });
});

describe('prepareFormSchema: what the form cannot render', () => {
  it('marks free-form values, maps, tuples and untyped arrays as JSON fields, keeping their title, description and default', () => {
    const { schema, uiSchema } = prepareFormSchema({
      type: 'object',
      properties: {
        anything: { description: 'Any value', default: 3 },
        headers: { type: 'object', additionalProperties: { type: 'string' } },
        point: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }] },
        list: { type: 'array' },
        ok: { type: 'array', items: { type: 'string' } },
      },
    });
    const p = props(schema);
    expect(p.anything).toEqual({ description: 'Any value', default: 3, [JSON_FIELD]: expect.stringMatching(/any JSON value/) });
    expect(p.headers![JSON_FIELD]).toMatch(/map/);
    expect(p.point![JSON_FIELD]).toMatch(/tuple/);
    expect(p.list![JSON_FIELD]).toMatch(/any JSON values/);
    expect(isJsonField(p.ok)).toBe(false);
    // Free-text items get a textarea (see "free text" below).
    expect(uiSchema.ok).toEqual({ 'ui:title': 'ok', items: { 'ui:widget': 'textarea' } });
    expect(uiSchema.headers).toEqual({ 'ui:title': 'headers', 'ui:field': 'json' });
  });

  it('gives every property its wire name as its label, nested ones too', () => {
    const { uiSchema } = prepareFormSchema({
      type: 'object',
      properties: { items: { type: 'array', items: { type: 'object', properties: { sku: { type: 'string', title: 'SKU' } } } } },
    });
    expect(uiSchema).toEqual({ items: { 'ui:title': 'items', items: { sku: { 'ui:title': 'sku', 'ui:widget': 'textarea' } } } });
  });

  it('treats the root as an object even without "type", and accepts a tool with no arguments', () => {
    expect(prepareFormSchema({ properties: { a: { type: 'string' } } }).schema.type).toBe('object');
    const empty = prepareFormSchema({ type: 'object' });
    expect(empty.schema).toEqual({ type: 'object', properties: {}, required: [] });
    expect(empty.fallbacks).toEqual([]);
  });

  it('drops keywords the form does not use (validation still applies them)', () => {
    const { schema } = prepareFormSchema({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      additionalProperties: false,
      properties: { a: { type: 'string', not: { const: 'x' } } },
    });
    expect(schema).toEqual({ type: 'object', properties: { a: { type: 'string' } }, required: [] });
  });
});

describe('prepareFormSchema: free text, unchecked patterns, schemas too deep for a form', () => {
  it('gives strings without a format or choices a textarea, and keeps single-line inputs for the rest', () => {
    const { uiSchema } = prepareFormSchema({
      type: 'object',
      properties: {
        content: { type: 'string' },
        maybe: { type: ['string', 'null'] },
        site: { type: 'string', format: 'uri' },
        when: { type: 'string', format: 'date' },
        plan: { type: 'string', enum: ['free', 'pro'] },
        fixed: { type: 'string', const: 'v1' },
        count: { type: 'integer' },
      },
    });
    const widget = (name: string) => (uiSchema[name] as Record<string, unknown>)['ui:widget'];
    expect(widget('content')).toBe('textarea');
    expect(widget('maybe')).toBe('textarea');
    for (const name of ['site', 'when', 'plan', 'fixed', 'count']) expect(widget(name), name).toBeUndefined();
  });

  it('puts a note under a field whose pattern cannot be checked safely', () => {
    const { uiSchema } = prepareFormSchema({
      type: 'object',
      properties: { code: { type: 'string', pattern: '^(?=[A-Z])[A-Z0-9]+$' }, ok: { type: 'string', pattern: '^a+$' } },
    });
    expect((uiSchema.code as Record<string, unknown>)['ui:help']).toBe(
      'Not checked before sending: pattern "^(?=[A-Z])[A-Z0-9]+$" uses features that cannot be checked safely (such as lookaround or backreferences); not checked.',
    );
    expect((uiSchema.ok as Record<string, unknown>)['ui:help']).toBeUndefined();
  });

  it('edits a 3,000-level schema as JSON, saying why, without walking it', () => {
    let deep: Schema = { type: 'string' };
    for (let i = 0; i < 3000; i++) deep = { type: 'object', properties: { next: deep } };
    const prepared = prepareFormSchema({ type: 'object', properties: { next: deep } });
    expect(prepared.jsonOnly).toBe(
      'The inputSchema nests more than 128 levels deep, too deep for a form: edit the arguments as JSON. They are not checked before sending.',
    );
    expect(prepared.schema).toEqual({ type: 'object' });
  });

  it('still renders a schema a few dozen levels deep as a form', () => {
    let deep: Schema = { type: 'string' };
    for (let i = 0; i < 40; i++) deep = { type: 'object', properties: { next: deep } };
    expect(prepareFormSchema({ type: 'object', properties: { next: deep } }).jsonOnly).toBeUndefined();
  });
});
