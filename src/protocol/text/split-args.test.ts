import { describe, expect, it } from 'vitest';
import { joinArgs, splitArgs } from './split-args.js';

describe('splitArgs', () => {
  it('splits on runs of whitespace', () => {
    expect(splitArgs('  a  b\tc\n d ')).toEqual({ ok: true, args: ['a', 'b', 'c', 'd'] });
  });

  it('returns no arguments for an empty or blank string', () => {
    expect(splitArgs('')).toEqual({ ok: true, args: [] });
    expect(splitArgs('   ')).toEqual({ ok: true, args: [] });
  });

  it('keeps single-quoted text literally, backslashes included', () => {
    expect(splitArgs(`'hello world' 'a\\b' '$HOME'`)).toEqual({ ok: true, args: ['hello world', 'a\\b', '$HOME'] });
  });

  it('handles escapes inside double quotes the way a shell does', () => {
    expect(splitArgs(`"say \\"hi\\"" "a\\b" "\\$x"`)).toEqual({ ok: true, args: ['say "hi"', 'a\\b', '$x'] });
  });

  it('joins adjacent quoted and unquoted parts into one word', () => {
    expect(splitArgs(`--name="my server"x 'a'"b"c`)).toEqual({ ok: true, args: ['--name=my serverx', 'abc'] });
  });

  it('keeps empty quoted strings as empty arguments', () => {
    expect(splitArgs(`a '' "" b`)).toEqual({ ok: true, args: ['a', '', '', 'b'] });
  });

  it('escapes a space with a backslash outside quotes', () => {
    expect(splitArgs('my\\ file.txt next')).toEqual({ ok: true, args: ['my file.txt', 'next'] });
  });

  it('never expands variables, globs or ~', () => {
    expect(splitArgs('$HOME *.ts ~/x `id` $(id)')).toEqual({ ok: true, args: ['$HOME', '*.ts', '~/x', '`id`', '$(id)'] });
  });

  it('reports an unclosed quote and returns what it could split', () => {
    const r = splitArgs(`a "b c`);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error).toMatch(/double quote/);
      expect(r.args).toEqual(['a', 'b c']);
    }
    expect(splitArgs(`'x`).ok).toBe(false);
  });

  it('reports a trailing lone backslash', () => {
    expect(splitArgs('a \\').ok).toBe(false);
  });

  it('round-trips through joinArgs', () => {
    const args = ['plain', 'with space', "it's", '', '$HOME', 'a"b', '--flag=1'];
    expect(splitArgs(joinArgs(args))).toEqual({ ok: true, args });
  });
});
