// Names a server chooses (prompt arguments, template variables, tool argument
// properties) that are Object.prototype members must behave like any other name.
import { describe, expect, it } from 'vitest';
import { downloadFileName } from '../components/content/blob.js';
import { buildPromptParams } from './prompts/prompt-arguments.js';
import { expandTemplateFields } from './resources/template-fields.js';
import { buildArguments } from './tools/form/build-arguments.js';
import { prepareFormSchema } from './tools/form/prepare-schema.js';

describe('server-chosen names that are Object.prototype members', () => {
  it('a prompt argument named constructor is missing when empty, and __proto__ is sent as an argument', () => {
    const args = [{ name: 'constructor', required: true }, { name: '__proto__' }, { name: 'toString' }];
    expect(buildPromptParams('p', args, {})).toEqual({ ok: false, missing: ['constructor'] });
    const values: Record<string, string> = JSON.parse('{"constructor":"c","__proto__":"p"}');
    const built = buildPromptParams('p', args, values);
    expect(JSON.stringify(built)).toBe('{"ok":true,"params":{"name":"p","arguments":{"constructor":"c","__proto__":"p"}}}');
  });

  it('a template variable named constructor is empty until filled', () => {
    const empty = expandTemplateFields('demo://{constructor}/{toString}', {});
    expect(empty.emptyVariables).toEqual(['constructor', 'toString']);
    expect(empty.uri).toBe('demo:///');
    expect(expandTemplateFields('demo://{constructor}/{toString}', { constructor: 'a', toString: 'b' }).uri).toBe('demo://a/b');
  });

  it('a tool argument property named __proto__ is sent, not swallowed', () => {
    // Parsed from JSON, as tools/list delivers it: an object literal's __proto__ would set the prototype instead.
    const schema = prepareFormSchema(JSON.parse('{"type":"object","properties":{"__proto__":{"type":"integer"},"constructor":{"type":"string"}}}')).schema;
    const args = buildArguments(schema, JSON.parse('{"__proto__":"3","constructor":"c"}'));
    expect(JSON.stringify(args)).toBe('{"__proto__":3,"constructor":"c"}');
  });

  it('a blob whose mime type is "constructor" gets no extension from Object.prototype', () => {
    expect(downloadFileName('demo://files/report', 'constructor')).toBe('report');
    expect(downloadFileName('demo://files/report', 'image/png')).toBe('report.png');
  });
});
