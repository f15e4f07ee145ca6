import { describe, expect, it } from 'vitest';
import { expandTemplateFields } from './template-fields.js';

describe('expandTemplateFields', () => {
  it('expands path and query variables', () => {
    const e = expandTemplateFields('demo://greeting/{name}{?lang}', { name: 'Ana', lang: 'pt' });
    expect(e.variables.map((v) => v.name)).toEqual(['name', 'lang']);
    expect(e.uri).toBe('demo://greeting/Ana?lang=pt');
    expect(e.emptyVariables).toEqual([]);
  });

  it('leaves out empty values and lists the empty path variables', () => {
    const e = expandTemplateFields('demo://greeting/{name}{?lang}', { name: '', lang: '' });
    expect(e.uri).toBe('demo://greeting/');
    expect(e.emptyVariables).toEqual(['name']);
  });

  it('percent-encodes values', () => {
    expect(expandTemplateFields('demo://greeting/{name}', { name: 'Ana Sá' }).uri).toBe('demo://greeting/Ana%20S%C3%A1');
  });
});
