import { describe, expect, it } from 'vitest';
import { parseJson } from './jsonrpc/codec.js';
import { err, ok, type Result } from './result.js';

describe('Result', () => {
  it('is a value or an error, told apart by ok', () => {
    const results: Array<Result<number>> = [ok(7), err('not a number')];
    expect(results.map((r) => (r.ok ? r.value : r.error))).toEqual([7, 'not a number']);
  });

  it('is what parsing JSON returns', () => {
    expect(parseJson('{"a":1}')).toEqual(ok({ a: 1 }));
    const bad = parseJson('{');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatch(/JSON/);
  });
});
