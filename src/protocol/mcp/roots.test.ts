import { describe, expect, it } from 'vitest';
import { rootUriProblem, rootsResultProblems } from './roots.js';

describe('rootUriProblem', () => {
  it.each(['file:///home/me/project', 'FILE:///tmp', 'file://server/share/dir', 'file:///C:/work', 'file:///my%20dir'])('accepts %s', (uri) => {
    expect(rootUriProblem(uri)).toBeUndefined();
  });

  it('names what was given and what a root must be', () => {
    expect(rootUriProblem('https://example.com/repo')).toBe('Roots must be file:// URIs; got "https://example.com/repo".');
    expect(rootUriProblem('')).toBe('Enter a root URI, for example file:///home/me/project.');
    expect(rootUriProblem('   ')).toBe('Enter a root URI, for example file:///home/me/project.');
  });

  it('offers the file:// spelling of an absolute path', () => {
    expect(rootUriProblem('/home/me/my dir')).toBe(
      'Roots must be file:// URIs; got "/home/me/my dir". For the directory "/home/me/my dir", write "file:///home/me/my%20dir".',
    );
  });

  it('refuses spaces and what does not parse as a URI', () => {
    expect(rootUriProblem('file:///my dir')).toBe('A URI cannot contain spaces: write %20 for each (got "file:///my dir").');
    expect(rootUriProblem('file://host:99999/x')).toBe('"file://host:99999/x" is not a valid URI; write it like file:///home/me/project.');
  });

  it('shortens a very long value in its sentence', () => {
    const problem = rootUriProblem(`https://${'a'.repeat(500)}`)!;
    expect(problem.length).toBeLessThan(140);
    expect(problem).toContain('…');
  });
});

describe('rootsResultProblems', () => {
  it('finds nothing wrong with file:// roots', () => {
    expect(rootsResultProblems({ roots: [{ uri: 'file:///a', name: 'A' }, { uri: 'file:///b' }] })).toEqual([]);
    expect(rootsResultProblems({ roots: [] })).toEqual([]);
  });

  it('names each root that breaks the rules', () => {
    expect(rootsResultProblems({ roots: [{ uri: 'file:///ok' }, { uri: 'https://x.test' }, { name: 'no uri' }, { uri: 'file:///n', name: 7 }] })).toEqual([
      'root 2 has uri "https://x.test", which is not a file:// URI',
      'root 3 has no "uri" string',
      'root 4 has a "name" that is not a string',
    ]);
    expect(rootsResultProblems({})).toEqual(['the result has no "roots" array']);
    expect(rootsResultProblems(null)).toEqual(['the result has no "roots" array']);
  });
});
