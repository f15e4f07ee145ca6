import { describe, expect, it } from 'vitest';
import { interfaceSnapshot, parseInterfaceSnapshot } from './snapshot.js';

const lists = { tools: [{ name: 'echo', inputSchema: { type: 'object' } }], resources: [], resourceTemplates: [], prompts: [] };

describe('interface snapshots', () => {
  it('reads back what it writes', () => {
    const snapshot = interfaceSnapshot(lists, { server: { name: 'demo', version: '1.0.0' }, savedAt: '2026-01-01T00:00:00.000Z' });
    expect(parseInterfaceSnapshot(JSON.stringify(snapshot))).toEqual({ ok: true, value: snapshot });
  });

  it('takes a missing list as empty', () => {
    const read = parseInterfaceSnapshot('{"mcpscopeInterface":1,"tools":[]}');
    expect(read).toMatchObject({ ok: true, value: { prompts: [], resources: [], resourceTemplates: [] } });
  });

  it.each([
    ['not json', 'it is not JSON'],
    ['[]', 'it is not a JSON object.'],
    ['{"tools":[]}', 'it has no "mcpscopeInterface" field'],
    ['{"mcpscopeInterface":2}', 'its "mcpscopeInterface" is 2; this mcpscope reads version 1.'],
    ['{"mcpscopeInterface":1,"tools":{}}', '"tools" is not an array.'],
    ['{"mcpscopeInterface":1,"tools":[{"name":"a","inputSchema":{}},{"title":"b"}]}', '"tools[1]" has no string "name".'],
    ['{"mcpscopeInterface":1,"tools":[{"name":"a"}]}', '"tools[0].inputSchema" is not an object.'],
    ['{"mcpscopeInterface":1,"resources":[{"name":"a"}]}', '"resources[0]" has no string "uri".'],
    ['{"mcpscopeInterface":1,"resourceTemplates":[{"uri":"a"}]}', '"resourceTemplates[0]" has no string "uriTemplate".'],
    ['{"mcpscopeInterface":1,"prompts":[3]}', '"prompts[0]" has no string "name".'],
    ['{"mcpscopeInterface":1,"server":"x"}', '"server" is not an object with a string "name".'],
  ])('names what is wrong in %s', (text, said) => {
    const read = parseInterfaceSnapshot(text);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error).toContain(said);
  });
});
