import { describe, expect, it } from 'vitest';
import { applyExtras, readMeta } from './request-extras.js';

describe('arguments: {} and _meta', () => {
  it('no arguments: left out, or sent as {} when asked', () => {
    expect(applyExtras(undefined, { sendEmptyArguments: false, metaText: '' })).toEqual({ ok: true });
    expect(applyExtras({}, { sendEmptyArguments: false, metaText: '' })).toEqual({ ok: true });
    expect(applyExtras(undefined, { sendEmptyArguments: true, metaText: '' })).toEqual({ ok: true, arguments: {} });
  });

  it('arguments that are there are always sent', () => {
    expect(applyExtras({ a: 1 }, { sendEmptyArguments: false, metaText: '' })).toEqual({ ok: true, arguments: { a: 1 } });
  });

  it('_meta is sent as the object written', () => {
    expect(applyExtras({}, { sendEmptyArguments: true, metaText: ' {"trace": "t-1", "n": [1]} ' })).toEqual({
      ok: true,
      arguments: {},
      meta: { trace: 't-1', n: [1] },
    });
  });

  it('_meta that is not a JSON object blocks the request with a sentence', () => {
    const broken = applyExtras({ a: 1 }, { sendEmptyArguments: false, metaText: '{"trace": ' });
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.message).toMatch(/^_meta is not valid JSON \(.+\): fix it, or empty it to send no _meta\.$/);
    expect(readMeta('[1]')).toEqual({ ok: false, message: '_meta must be a JSON object, like {"trace": "abc"}: fix it, or empty it to send no _meta.' });
    expect(readMeta('null').ok).toBe(false);
  });
});
