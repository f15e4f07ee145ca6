import { describe, expect, it } from 'vitest';
import { mirroredHeader } from './mirrored.js';

describe('mirroredHeader', () => {
  it('names the source of the mirrored 2026-07-28 headers and decodes Base64 values', () => {
    expect(mirroredHeader('mcp-param-region', '=?base64?WsO8cmljaA==?=')).toEqual({
      source: 'mirrored from a tool argument (x-mcp-header)',
      decoded: 'Zürich',
    });
    expect(mirroredHeader('Mcp-Name', 'execute_sql')).toEqual({ source: 'mirrored from params.name / params.uri' });
    expect(mirroredHeader('mcp-method', 'tools/call')?.source).toBe('mirrored from method');
  });

  it('leaves every other header alone', () => {
    expect(mirroredHeader('mcp-protocol-version', '2026-07-28')).toBeUndefined();
    expect(mirroredHeader('authorization', '=?base64?eA==?=')).toBeUndefined();
  });
});
