import { describe, expect, it } from 'vitest';
import { closeJsonView, draftArguments, editJsonText, openJsonView, type ViewSwitch } from './draft.js';
import { readJsonText } from './json-text.js';
import { prepareFormSchema } from './prepare-schema.js';

const switched = (result: ViewSwitch) => {
  if (!result.ok) throw new Error(result.message);
  return result.draft;
};

const schema = prepareFormSchema({
  type: 'object',
  properties: { a: { type: 'number' }, note: { type: ['string', 'null'] }, s: { type: 'string' } },
}).schema;

describe('form and JSON views of the arguments', () => {
  it('opening the JSON view writes the arguments the form would send', () => {
    const draft = switched(openJsonView({ formData: { a: '3', s: '', note: null } }, schema));
    expect(JSON.parse(draft.json!.text)).toEqual({ a: 3, note: null });
    expect(draftArguments(draft, schema)).toEqual({ ok: true, value: { a: 3, note: null } });
  });

  it('valid JSON text becomes the form data; the text is sent exactly as written', () => {
    const draft = editJsonText(switched(openJsonView({ formData: {} }, schema)), '{"a": 5, "s": "", "extra": [1]}');
    expect(draft.formData).toEqual({ a: 5, s: '', extra: [1] });
    expect(draft.json?.error).toBeUndefined();
    expect(draftArguments(draft, schema)).toEqual({ ok: true, value: { a: 5, s: '', extra: [1] } });
    // Back in the form view, the form shows what the text said.
    expect(switched(closeJsonView(draft))).toEqual({ formData: { a: 5, s: '', extra: [1] } });
  });

  it('invalid JSON shows the parse error and blocks sending', () => {
    const good = editJsonText(switched(openJsonView({ formData: {} }, schema)), '{"a": 1}');
    const bad = editJsonText(good, '{"a": 1,');
    expect(bad.json?.text).toBe('{"a": 1,');
    expect(bad.json?.error).toMatch(/^Not valid JSON: .+ Nothing is sent until it is fixed\.$/);
    const args = draftArguments(bad, schema);
    expect(args.ok).toBe(false);
    expect(!args.ok && args.message).toMatch(/Fix the arguments JSON first/);
  });

  it('the JSON view with invalid text cannot be left for the form, which would send the older arguments', () => {
    const bad = editJsonText(editJsonText(switched(openJsonView({ formData: {} }, schema)), '{"a": 1}'), '{"a": 2');
    const back = closeJsonView(bad);
    expect(back.ok).toBe(false);
    expect(!back.ok && back.message).toMatch(/^Fix the arguments JSON before going back to the form/);
  });

  it('JSON that is not an object is refused with a clear message', () => {
    const draft = editJsonText({ formData: { a: 2 } }, '[1, 2]');
    expect(draft.formData).toEqual({ a: 2 });
    expect(draft.json?.error).toMatch(/must be a JSON object/);
  });
});

describe('a field edited as JSON whose text does not parse', () => {
  const tuple = prepareFormSchema({
    type: 'object',
    properties: { point: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }] }, a: { type: 'number' } },
  }).schema;
  const broken = readJsonText('[1, 2', false);
  if (broken.kind !== 'invalid') throw new Error('expected invalid');

  it('blocks the call, naming the field and why, instead of sending an older value', () => {
    const args = draftArguments({ formData: { a: 1, point: broken.value } }, tuple);
    expect(args.ok).toBe(false);
    expect(!args.ok && args.message).toMatch(/^\/point is not valid JSON \(.+\): fix it or empty it to leave it out\. Nothing was sent\.$/);
  });

  it('keeps the JSON view closed, so the typed text is not lost', () => {
    const open = openJsonView({ formData: { point: broken.value } }, tuple);
    expect(open.ok).toBe(false);
    expect(!open.ok && open.message).toBe('/point is not valid JSON: fix or empty it before editing all the arguments as JSON.');
  });

  it('a whole-arguments JSON field holding something other than an object is refused, not sent as {}', () => {
    const root = prepareFormSchema(true).schema;
    const args = draftArguments({ formData: [1] }, root);
    expect(args).toEqual({ ok: false, message: 'The arguments must be a JSON object, like {"a": 1}: nothing was sent.' });
    expect(draftArguments({ formData: { a: 1 } }, root)).toEqual({ ok: true, value: { a: 1 } });
    expect(draftArguments({ formData: undefined }, root)).toEqual({ ok: true, value: {} });
  });
});
