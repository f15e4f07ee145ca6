import { describe, expect, it } from 'vitest';
import { ClientSession } from '../../../protocol/index.js';
import { createElicitationStore } from './elicitation.js';
import { choiceBounds, contentOf, fieldsOf, initialValues } from './form-fields.js';

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', default: 'Ann' },
    age: { type: 'integer', minimum: 0 },
    score: { type: 'number' },
    subscribe: { type: 'boolean', default: true },
    color: { type: 'string', enum: ['red', 'green'], enumNames: ['Red', 'Green'] },
    size: {
      type: 'string',
      oneOf: [
        { const: 's', title: 'Small' },
        { const: 'l', title: 'Large' },
      ],
    },
    nested: { type: 'object', properties: {} },
  },
  required: ['name', 'age'],
};

describe('elicitation forms', () => {
  it('turns requestedSchema into fields, and says which it cannot show', () => {
    const { fields, unsupported } = fieldsOf(schema);
    expect(fields.map((f) => [f.name, f.kind, f.required])).toEqual([
      ['name', 'string', true],
      ['age', 'integer', true],
      ['score', 'number', false],
      ['subscribe', 'boolean', false],
      ['color', 'enum', false],
      ['size', 'enum', false],
    ]);
    expect(fields.find((f) => f.name === 'size')?.options).toEqual([
      { value: 's', label: 'Small' },
      { value: 'l', label: 'Large' },
    ]);
    expect(unsupported).toEqual(['nested']);
  });

  it('prefills defaults and sends numbers as numbers, leaving empty optional fields out', () => {
    const { fields } = fieldsOf(schema);
    const values = new Map([...initialValues(fields), ['age', '42'], ['score', ''], ['color', 'red']]);
    expect(Object.fromEntries(values)).toMatchObject({ name: 'Ann', subscribe: true });
    expect(contentOf(fields, values)).toEqual({ name: 'Ann', age: 42, subscribe: true, color: 'red' });
  });

  it('queues requests until the person answers', async () => {
    const elicitations = createElicitationStore();
    const answer = elicitations.request({ message: 'Who are you?', requestedSchema: schema });
    expect(elicitations.store.getState().queue).toHaveLength(1);
    elicitations.store.getState().queue[0]!.answer({ result: { action: 'decline' } });
    expect(await answer).toEqual({ result: { action: 'decline' } });
    expect(elicitations.store.getState().queue).toHaveLength(0);
  });

  it('reads multi-select choices (2025-11-25): items.enum or titled items.anyOf, with their bounds', () => {
    const { fields, unsupported } = fieldsOf({
      type: 'object',
      properties: {
        toppings: { type: 'array', items: { type: 'string', enum: ['cheese', 'olives'] }, minItems: 1, maxItems: 2 },
        sizes: { type: 'array', items: { anyOf: [{ const: 's', title: 'Small' }, { const: 'l' }] } },
        nested: { type: 'object', properties: {} },
        objects: { type: 'array', items: { type: 'object' } },
      },
    });
    expect(fields).toEqual([
      {
        name: 'toppings',
        title: 'toppings',
        required: false,
        kind: 'multi',
        options: [
          { value: 'cheese', label: 'cheese' },
          { value: 'olives', label: 'olives' },
        ],
        minItems: 1,
        maxItems: 2,
      },
      {
        name: 'sizes',
        title: 'sizes',
        required: false,
        kind: 'multi',
        options: [
          { value: 's', label: 'Small' },
          { value: 'l', label: 'l' },
        ],
      },
    ]);
    expect(unsupported).toEqual(['nested', 'objects']);
    expect(choiceBounds(fields[0]!)).toBe('Choose 1 to 2.');
    expect(choiceBounds(fields[1]!)).toBeUndefined();
  });

  it('sends multi-selects as arrays in the order of the choices, prefilled from default, and leaves an empty one out', () => {
    const { fields } = fieldsOf({
      type: 'object',
      properties: {
        fish: {
          type: 'array',
          items: {
            anyOf: [
              { const: 'f1', title: 'Tuna' },
              { const: 'f2', title: 'Salmon' },
              { const: 'f3', title: 'Trout' },
            ],
          },
          default: ['f2', 7],
        },
        none: { type: 'array', items: { enum: ['a'] } },
      },
    });
    const values = initialValues(fields);
    expect(values.get('fish')).toEqual(['f2']);
    values.set('fish', ['f3', 'f1']);
    values.set('none', []);
    expect(contentOf(fields, values)).toEqual({ fish: ['f1', 'f3'] });
  });

  it('titled single-select enums: oneOf with const and title, and legacy enumNames', () => {
    const { fields } = fieldsOf({
      type: 'object',
      properties: {
        hero: { type: 'string', oneOf: [{ const: 'h1', title: 'Superman' }], default: 'h1' },
        pet: { type: 'string', enum: ['p1', 'p2'], enumNames: ['Cats', 'Dogs'] },
      },
    });
    expect(fields.map((f) => [f.name, f.kind, f.options])).toEqual([
      ['hero', 'enum', [{ value: 'h1', label: 'Superman' }]],
      [
        'pet',
        'enum',
        [
          { value: 'p1', label: 'Cats' },
          { value: 'p2', label: 'Dogs' },
        ],
      ],
    ]);
    expect(initialValues(fields).get('hero')).toBe('h1');
  });

  it('fields named like Object.prototype members are ordinary fields', () => {
    // Parsed from JSON, as it arrives: an object literal's __proto__ would set the prototype instead.
    const { fields } = fieldsOf(
      JSON.parse(
        '{"type":"object","properties":{"__proto__":{"type":"string","default":"p"},"constructor":{"type":"string"},"toString":{"type":"integer","default":3}}}',
      ),
    );
    expect(fields.map((f) => f.name)).toEqual(['__proto__', 'constructor', 'toString']);
    const values = initialValues(fields);
    // "constructor" has no default: no value, not Object.prototype.constructor.
    expect(values.get('constructor')).toBeUndefined();
    const content = contentOf(fields, values);
    expect(Object.keys(content)).toEqual(['__proto__', 'toString']);
    expect(JSON.stringify(content)).toBe('{"__proto__":"p","toString":3}');
  });
});

describe('an elicitation the server cancels', () => {
  it('leaves the queue (its dialog closes) when the signal aborts, and no answer is sent', async () => {
    const elicitations = createElicitationStore();
    const sent: string[] = [];
    const session = new ClientSession({ send: (raw) => sent.push(raw), handlers: { 'elicitation/create': (p, i) => elicitations.request(p, i.signal) } });
    session.markReadyWithoutInitialize();
    session.receive(JSON.stringify({ jsonrpc: '2.0', id: 'e1', method: 'elicitation/create', params: { message: 'Name?', requestedSchema: schema } }));
    session.receive(JSON.stringify({ jsonrpc: '2.0', id: 'e2', method: 'elicitation/create', params: { message: 'Age?', requestedSchema: schema } }));
    expect(elicitations.store.getState().queue.map((q) => q.message)).toEqual(['Name?', 'Age?']);
    session.receive('{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"e1"}}');
    expect(elicitations.store.getState().queue.map((q) => q.message)).toEqual(['Age?']);
    elicitations.store.getState().queue[0]!.answer({ result: { action: 'decline' } });
    await new Promise((r) => setTimeout(r, 0));
    expect(sent.map((raw) => JSON.parse(raw))).toEqual([{ jsonrpc: '2.0', id: 'e2', result: { action: 'decline' } }]);
  });
});
