import { describe, expect, it } from 'vitest';
import { expandTemplate, templateVariables } from './uri-template.js';

describe('URI templates', () => {
  it('lists the variables of every expression kind once', () => {
    expect(templateVariables('demo://greeting/{name}{?lang,style}').map((v) => [v.name, v.operator])).toEqual([
      ['name', ''],
      ['lang', '?'],
      ['style', '?'],
    ]);
    expect(templateVariables('file:///{+path}/{name:3}{/seg*}')).toEqual([
      { name: 'path', operator: '+', explode: false },
      { name: 'name', operator: '', explode: false, maxLength: 3 },
      { name: 'seg', operator: '/', explode: true },
    ]);
    expect(templateVariables('a/{x}/{x}')).toHaveLength(1);
  });

  it('expands with percent-encoding and leaves out empty values', () => {
    expect(expandTemplate('demo://greeting/{name}{?lang}', { name: 'Ana Lúcia', lang: 'pt' })).toBe('demo://greeting/Ana%20L%C3%BAcia?lang=pt');
    expect(expandTemplate('demo://greeting/{name}{?lang}', { name: 'Bo', lang: '' })).toBe('demo://greeting/Bo');
    expect(expandTemplate('file:///{+path}', { path: 'a/b c' })).toBe('file:///a/b%20c');
  });
});
