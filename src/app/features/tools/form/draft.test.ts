import { describe, expect, it } from 'vitest';
import { closeJsonView, draftArguments, editJsonText, openJsonView } from './draft.js';
import { prepareFormSchema } from './prepare-schema.js';

const schema = prepareFormSchema({
  type: 'object',
  properties: { a: { type: 'number' }, note: { type: ['string', 'null'] }, s: { type: 'string' } },
}).schema;

describe('form and JSON views of the arguments', () => {
  it('opening the JSON view writes the arguments the form would send', () => {
    const draft = openJsonView({ formData: { a: '3', s: '', note: null } }, schema);
    expect(JSON.parse(draft.json!.text)).toEqual({ a: 3, note: null });
    expect(draftArguments(draft, schema)).toEqual({ ok: true, value: { a: 3, note: null } });
  });

  it('valid JSON text becomes the form data; the text is sent exactly as written', () => {
    const draft = editJsonText(openJsonView({ formData: {} }, schema), '{"a": 5, "s": "", "extra": [1]}');
    expect(draft.formData).toEqual({ a: 5, s: '', extra: [1] });
    expect(draft.json?.error).toBeUndefined();
    expect(draftArguments(draft, schema)).toEqual({ ok: true, value: { a: 5, s: '', extra: [1] } });
    // Back in the form view, the form shows what the text said.
    expect(closeJsonView(draft)).toEqual({ formData: { a: 5, s: '', extra: [1] } });
  });

  it('invalid JSON shows the parse error, keeps the last good form data, and blocks sending', () => {
    const good = editJsonText(openJsonView({ formData: {} }, schema), '{"a": 1}');
    const bad = editJsonText(good, '{"a": 1,');
    expect(bad.formData).toEqual({ a: 1 });
    expect(bad.json?.text).toBe('{"a": 1,');
    expect(bad.json?.error).toMatch(/^Not valid JSON: .+ The form keeps the last valid arguments\.$/);
    const args = draftArguments(bad, schema);
    expect(args.ok).toBe(false);
    expect(!args.ok && args.message).toMatch(/Fix the arguments JSON first/);
  });

  it('JSON that is not an object is refused with a clear message', () => {
    const draft = editJsonText({ formData: { a: 2 } }, '[1, 2]');
    expect(draft.formData).toEqual({ a: 2 });
    expect(draft.json?.error).toMatch(/must be a JSON object/);
  });
});
