import { describe, expect, it } from 'vitest';
import { classifyFrame, frameId, frameMethod, makeError, makeRequest, serializeMessage } from './codec.js';

describe('classifyFrame', () => {
  it('classifies the four message kinds', () => {
    expect(classifyFrame('{"jsonrpc":"2.0","id":1,"method":"ping"}').kind).toBe('request');
    expect(classifyFrame('{"jsonrpc":"2.0","id":"a","method":"ping","params":{}}').kind).toBe('request');
    expect(classifyFrame('{"jsonrpc":"2.0","method":"notifications/initialized"}').kind).toBe('notification');
    expect(classifyFrame('{"jsonrpc":"2.0","id":1,"result":{}}').kind).toBe('response');
    expect(classifyFrame('{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"nope"}}').kind).toBe('error');
  });

  it('calls a frame with a leading byte-order mark invalid, and says the mark is why', () => {
    const frame = classifyFrame('\uFEFF{"jsonrpc":"2.0","id":1,"result":{}}');
    expect(frame).toEqual({
      kind: 'invalid',
      code: 'not-json',
      reason:
        'not JSON: it starts with a byte-order mark (U+FEFF, bytes EF BB BF), which JSON does not allow, so peers fail to parse it; without the mark it would be valid JSON',
    });
    const broken = classifyFrame('\uFEFF{"jsonrpc":');
    expect(broken.kind === 'invalid' && broken.reason).toMatch(/^not JSON: it starts with a byte-order mark .*; after the mark: /);
  });

  it('accepts an error response whose id is null or missing (id could not be read)', () => {
    expect(classifyFrame('{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"x"}}').kind).toBe('error');
    expect(classifyFrame('{"jsonrpc":"2.0","error":{"code":-32700,"message":"x"}}').kind).toBe('error');
  });

  const invalid: Array<[string, string, RegExp]> = [
    ['not JSON', '{"jsonrpc":', /^not JSON/],
    ['empty', '   ', /empty/],
    ['not an object', '42', /a number, not a JSON object/],
    ['null', 'null', /null, not a JSON object/],
    ['jsonrpc missing', '{"id":1,"method":"ping"}', /"jsonrpc" member is missing/],
    ['jsonrpc 1.0', '{"jsonrpc":"1.0","id":1,"method":"ping"}', /"jsonrpc" is "1.0", not "2.0"/],
    ['null request id', '{"jsonrpc":"2.0","id":null,"method":"ping"}', /id is null/],
    ['fractional id', '{"jsonrpc":"2.0","id":1.5,"method":"ping"}', /fractional/],
    ['object id', '{"jsonrpc":"2.0","id":{},"method":"ping"}', /id is an object/],
    ['both result and error', '{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"m"}}', /both "result" and "error"/],
    ['neither', '{"jsonrpc":"2.0","id":1}', /neither "method" nor "result" nor "error"/],
    ['method not a string', '{"jsonrpc":"2.0","id":1,"method":5}', /"method" is a number/],
    ['method with result', '{"jsonrpc":"2.0","id":1,"method":"x","result":{}}', /must not also carry/],
    ['params a string', '{"jsonrpc":"2.0","id":1,"method":"x","params":"p"}', /"params" is a string/],
    ['params null', '{"jsonrpc":"2.0","id":1,"method":"x","params":null}', /"params" is null/],
    ['result without id', '{"jsonrpc":"2.0","result":{}}', /no "id"/],
    ['result with null id', '{"jsonrpc":"2.0","id":null,"result":{}}', /response id is null/],
    ['error not object', '{"jsonrpc":"2.0","id":1,"error":"bad"}', /"error" is a string/],
    ['error code string', '{"jsonrpc":"2.0","id":1,"error":{"code":"x","message":"m"}}', /error.code is a string/],
    ['error code fractional', '{"jsonrpc":"2.0","id":1,"error":{"code":1.5,"message":"m"}}', /error.code 1.5 is not an integer/],
    ['error message missing', '{"jsonrpc":"2.0","id":1,"error":{"code":1}}', /error.message is missing/],
    ['empty batch', '[]', /empty array/],
  ];
  for (const [name, text, reason] of invalid) {
    it(`reports invalid: ${name}`, () => {
      const f = classifyFrame(text);
      expect(f.kind).toBe('invalid');
      if (f.kind === 'invalid') expect(f.reason).toMatch(reason);
    });
  }

  it('gives each invalid frame a code the lint rules key on', () => {
    const code = (t: string) => {
      const f = classifyFrame(t);
      return f.kind === 'invalid' ? f.code : f.kind;
    };
    expect(code('{')).toBe('not-json');
    expect(code('{"jsonrpc":"1.0","id":1,"method":"x"}')).toBe('jsonrpc-version');
    expect(code('{"jsonrpc":"2.0","id":null,"method":"x"}')).toBe('id-type');
    expect(code('{"jsonrpc":"2.0","id":1,"result":1,"error":{"code":1,"message":"m"}}')).toBe('result-and-error');
    expect(code('{"jsonrpc":"2.0","id":1}')).toBe('no-result-or-error');
    expect(code('{"jsonrpc":"2.0","id":1,"error":{"code":"1","message":"m"}}')).toBe('error-shape');
  });

  it('classifies a batch item by item', () => {
    const f = classifyFrame('[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","method":"n"},5]');
    expect(f.kind).toBe('batch');
    if (f.kind !== 'batch') return;
    expect(f.items.map((i) => i.kind)).toEqual(['request', 'notification', 'invalid']);
  });

  it('never throws, whatever the input', () => {
    const inputs = ['', '\u0000', '{', ']', '"str"', 'true', '[[]]', '{"__proto__":{"x":1}}', 'x'.repeat(10000)];
    for (const i of inputs) expect(() => classifyFrame(i)).not.toThrow();
  });

  it('exposes method and id', () => {
    const f = classifyFrame('{"jsonrpc":"2.0","id":"7","method":"tools/list"}');
    expect(frameMethod(f)).toBe('tools/list');
    expect(frameId(f)).toBe('7');
    expect(frameId(classifyFrame('{"jsonrpc":"2.0","id":null,"error":{"code":1,"message":"m"}}'))).toBeUndefined();
  });
});

describe('serialize', () => {
  it('writes one line that classifies back to the same message', () => {
    const raw = serializeMessage(makeRequest(3, 'echo', { message: 'a\nb' }));
    expect(raw).not.toContain('\n');
    const f = classifyFrame(raw);
    expect(f.kind).toBe('request');
    if (f.kind === 'request') expect(f.message.params).toEqual({ message: 'a\nb' });
    expect(JSON.parse(serializeMessage(makeError(null, -32700, 'Parse error')))).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error' },
    });
  });
});
