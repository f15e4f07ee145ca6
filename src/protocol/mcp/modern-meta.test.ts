import { describe, expect, it } from 'vitest';
import {
  META_CLIENT_CAPABILITIES,
  META_CLIENT_INFO,
  META_LOG_LEVEL,
  META_PROTOCOL_VERSION,
  META_SERVER_INFO,
  META_SUBSCRIPTION_ID,
  isModernError,
  modernRequestMeta,
  resultServerInfo,
  unsupportedVersionData,
  withMeta,
} from './modern-meta.js';

describe('modern _meta', () => {
  it('reads the per-request fields as sent, only where present', () => {
    const params = {
      name: 'x',
      _meta: {
        [META_PROTOCOL_VERSION]: '2026-07-28',
        [META_CLIENT_CAPABILITIES]: {},
        [META_CLIENT_INFO]: { name: 'c', version: '1' },
        [META_LOG_LEVEL]: 'debug',
      },
    };
    expect(modernRequestMeta(params)).toEqual({
      protocolVersion: '2026-07-28',
      clientCapabilities: {},
      clientInfo: { name: 'c', version: '1' },
      logLevel: 'debug',
    });
    expect(modernRequestMeta({ _meta: { [META_PROTOCOL_VERSION]: 7 } })).toEqual({ protocolVersion: 7 });
    expect(modernRequestMeta({ name: 'x' })).toEqual({});
    expect(modernRequestMeta('junk')).toEqual({});
  });

  it('adds fields to _meta, keeping what the caller put there', () => {
    expect(withMeta({ a: 1, _meta: { progressToken: 't', [META_PROTOCOL_VERSION]: 'mine' } }, { [META_PROTOCOL_VERSION]: '2026-07-28', x: 1 })).toEqual({
      a: 1,
      _meta: { progressToken: 't', [META_PROTOCOL_VERSION]: 'mine', x: 1 },
    });
    expect(withMeta(undefined, { x: 1 })).toEqual({ _meta: { x: 1 } });
  });

  it("reads the server's identity from a result's _meta, and only a well-formed one", () => {
    expect(resultServerInfo({ _meta: { [META_SERVER_INFO]: { name: 's', version: '2', title: 'S' } } })).toEqual({ name: 's', version: '2', title: 'S' });
    expect(resultServerInfo({ _meta: { [META_SERVER_INFO]: { name: 's' } } })).toBeUndefined();
    expect(resultServerInfo({ _meta: { [META_SUBSCRIPTION_ID]: 'sub-1' } })).toBeUndefined();
    expect(resultServerInfo(null)).toBeUndefined();
  });

  it('tells modern errors apart and reads what -32022 supports', () => {
    expect(isModernError({ code: -32022, message: 'x' })).toBe(true);
    expect(isModernError({ code: -32020, message: 'x' })).toBe(true);
    expect(isModernError({ code: -32601, message: 'x' })).toBe(false);
    expect(isModernError({ code: -32602, message: 'x' })).toBe(false);
    expect(unsupportedVersionData({ code: -32022, message: 'x', data: { supported: ['2026-07-28', 3], requested: '1900-01-01' } })).toEqual({
      supported: ['2026-07-28'],
      requested: '1900-01-01',
    });
    expect(unsupportedVersionData({ code: -32022, message: 'x' })).toEqual({ supported: [] });
    expect(unsupportedVersionData({ code: -32601, message: 'x' })).toBeUndefined();
  });
});
