import { describe, expect, it } from 'vitest';
import { buildPromptParams, declaredArguments, missingMessage } from './prompt-arguments.js';

const args = [
  { name: 'language', required: true },
  { name: 'focus', description: 'What to look at' },
];

describe('buildPromptParams', () => {
  it('sends the values typed and leaves out empty optional arguments', () => {
    expect(buildPromptParams('code_review', args, { language: 'TypeScript', focus: '' })).toEqual({
      ok: true,
      params: { name: 'code_review', arguments: { language: 'TypeScript' } },
    });
    expect(buildPromptParams('code_review', args, { language: 'Go', focus: 'security' })).toEqual({
      ok: true,
      params: { name: 'code_review', arguments: { language: 'Go', focus: 'security' } },
    });
  });

  it('refuses when a required argument is empty or blank', () => {
    expect(buildPromptParams('code_review', args, {})).toEqual({ ok: false, missing: ['language'] });
    expect(buildPromptParams('code_review', args, { language: '   ', focus: 'x' })).toEqual({ ok: false, missing: ['language'] });
  });

  it('sends no "arguments" for a prompt without any', () => {
    expect(buildPromptParams('explain_readme', [], {})).toEqual({ ok: true, params: { name: 'explain_readme' } });
  });

  it('ignores values for arguments the prompt does not declare', () => {
    expect(buildPromptParams('p', [{ name: 'a' }], { a: '1', stray: '2' })).toEqual({ ok: true, params: { name: 'p', arguments: { a: '1' } } });
  });
});

describe('declaredArguments', () => {
  it('keeps named arguments once and drops the rest', () => {
    expect(declaredArguments([{ name: 'a' }, { name: 'a', required: true }, { description: 'x' }, 3])).toEqual([{ name: 'a' }]);
    expect(declaredArguments(undefined)).toEqual([]);
  });
});

describe('missingMessage', () => {
  it('names the missing arguments and says nothing was sent', () => {
    expect(missingMessage(['language'])).toBe('Fill in the required argument language; nothing was sent.');
    expect(missingMessage(['a', 'b', 'c'])).toBe('Fill in the required arguments a, b and c; nothing was sent.');
  });
});
