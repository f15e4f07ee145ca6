import { describe, expect, it } from 'vitest';
import { parseEnvFile } from './env-file.js';

describe('parseEnvFile', () => {
  it('reads NAME=value lines with comments, export and quotes', () => {
    const text = '# a comment\nexport A=1\nB = "two words"\nC=\'$raw\'\nD=x # trailing\nE="line\\nbreak"\n\n';
    expect(parseEnvFile(text)).toEqual({ env: { A: '1', B: 'two words', C: '$raw', D: 'x', E: 'line\nbreak' }, problems: [] });
  });

  it('keeps "__proto__" an ordinary variable', () => {
    expect(Object.entries(parseEnvFile('__proto__=x').env)).toEqual([['__proto__', 'x']]);
  });

  it('names a line that is not NAME=value and keeps the rest', () => {
    expect(parseEnvFile('A=1\nnot a pair\nB=2')).toEqual({ env: { A: '1', B: '2' }, problems: ['line 2 is not NAME=value'] });
  });
});
