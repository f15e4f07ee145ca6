import { describe, expect, it } from 'vitest';
import { mendClosedIntersections, messageSchemaProblems, resultSchemaProblems } from './bridge-schema.js';

const initialized = (containerDimensions: unknown) => ({
  protocolVersion: '2026-01-26',
  hostInfo: { name: 'mcpscope', version: '1' },
  hostCapabilities: {},
  hostContext: { theme: 'dark', containerDimensions },
});

describe('the extension schema, its closed intersections mended', () => {
  it('takes a width with a maximum height, as the spec says a host may send them', () => {
    expect(resultSchemaProblems('ui/initialize', initialized({ width: 800, maxHeight: 600 }))).toEqual([]);
    expect(resultSchemaProblems('ui/initialize', initialized({ maxWidth: 800, height: 600 }))).toEqual([]);
    expect(messageSchemaProblems('ui/notifications/host-context-changed', { containerDimensions: { width: 390, maxHeight: 844 } })).toEqual([]);
  });

  it('still refuses a key no branch names, and a value of the wrong type', () => {
    expect(resultSchemaProblems('ui/initialize', initialized({ width: 800, depth: 3 })).join(' ')).toContain('containerDimensions');
    expect(resultSchemaProblems('ui/initialize', initialized({ width: '800px', maxHeight: 600 })).join(' ')).toContain('containerDimensions');
    expect(resultSchemaProblems('ui/initialize', initialized({ width: 800, maxWidth: 900 })).join(' ')).toContain('containerDimensions');
  });

  it("lets each closed branch take the other members' keys; other schemas are left as they are", () => {
    const closed = (key: string) => ({ type: 'object', properties: { [key]: { type: 'number' } }, additionalProperties: false });
    const withKeys = (key: string, others: string[]) => ({
      type: 'object',
      properties: { ...Object.fromEntries(others.map((k) => [k, {}])), [key]: { type: 'number' } },
      additionalProperties: false,
    });
    expect(mendClosedIntersections({ allOf: [{ anyOf: [closed('h'), closed('mh')] }, { anyOf: [closed('w')] }] })).toEqual({
      allOf: [{ anyOf: [withKeys('h', ['w']), withKeys('mh', ['w'])] }, { anyOf: [withKeys('w', ['h', 'mh'])] }],
    });
    const single = { allOf: [{ anyOf: [closed('a')] }] };
    expect(mendClosedIntersections(single)).toEqual(single);
    const open = { allOf: [{ anyOf: [{ type: 'object', properties: { a: {} } }] }, { anyOf: [closed('b')] }] };
    expect(mendClosedIntersections(open)).toEqual(open);
  });
});
