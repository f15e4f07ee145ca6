import { describe, expect, it } from 'vitest';
import { breakingFirst, diffInterfaces } from './interface-diff.js';
import type { ChangeClass, ServerInterface } from './types.js';
import type { Prompt, Resource, ResourceTemplate, Tool } from '../mcp/types.js';

const none: ServerInterface = { tools: [], resources: [], resourceTemplates: [], prompts: [] };
const tool = (over: Partial<Tool> = {}): Tool => ({ name: 'echo', inputSchema: { type: 'object', properties: { message: { type: 'string' } } }, ...over });
const resource = (over: Partial<Resource> = {}): Resource => ({ uri: 'file:///a.txt', name: 'a', mimeType: 'text/plain', ...over });
const template = (over: Partial<ResourceTemplate> = {}): ResourceTemplate => ({ uriTemplate: 'file:///{path}', name: 'files', ...over });
const prompt = (over: Partial<Prompt> = {}): Prompt => ({ name: 'greet', arguments: [{ name: 'who' }], ...over });

interface Row {
  change: string;
  old: Partial<ServerInterface>;
  new: Partial<ServerInterface>;
  /** [item, change, path, class] of each detail. */
  expected: Array<[string, 'added' | 'removed' | 'changed', string, ChangeClass]>;
}

/** One row per change of an item, with the class it must get. */
const TABLE: Row[] = [
  { change: 'tool removed', old: { tools: [tool()] }, new: {}, expected: [['echo', 'removed', '', 'breaking']] },
  { change: 'tool added', old: {}, new: { tools: [tool()] }, expected: [['echo', 'added', '', 'compatible']] },
  {
    change: 'tool renamed',
    old: { tools: [tool()] },
    new: { tools: [tool({ name: 'say' })] },
    expected: [
      ['echo', 'removed', '', 'breaking'],
      ['say', 'added', '', 'compatible'],
    ],
  },
  {
    change: 'tool description changed',
    old: { tools: [tool({ description: 'a' })] },
    new: { tools: [tool({ description: 'b' })] },
    expected: [['echo', 'changed', '/description', 'compatible']],
  },
  {
    change: 'tool title changed',
    old: { tools: [tool({ title: 'A' })] },
    new: { tools: [tool({ title: 'B' })] },
    expected: [['echo', 'changed', '/title', 'compatible']],
  },
  {
    change: 'tool argument type changed',
    old: { tools: [tool()] },
    new: { tools: [tool({ inputSchema: { type: 'object', properties: { message: { type: 'number' } } } })] },
    expected: [['echo', 'changed', '/inputSchema/properties/message/type', 'breaking']],
  },
  {
    change: 'outputSchema added',
    old: { tools: [tool()] },
    new: { tools: [tool({ outputSchema: { type: 'object' } })] },
    expected: [['echo', 'changed', '/outputSchema', 'compatible']],
  },
  {
    change: 'outputSchema removed',
    old: { tools: [tool({ outputSchema: { type: 'object' } })] },
    new: { tools: [tool()] },
    expected: [['echo', 'changed', '/outputSchema', 'breaking']],
  },
  {
    change: 'output field removed',
    old: { tools: [tool({ outputSchema: { type: 'object', properties: { n: { type: 'number' } } } })] },
    new: { tools: [tool({ outputSchema: { type: 'object', properties: {} } })] },
    expected: [['echo', 'changed', '/outputSchema/properties/n', 'breaking']],
  },
  {
    change: 'readOnlyHint dropped',
    old: { tools: [tool({ annotations: { readOnlyHint: true } })] },
    new: { tools: [tool({ annotations: {} })] },
    expected: [['echo', 'changed', '/annotations/readOnlyHint', 'breaking']],
  },
  {
    change: 'destructiveHint false added (the default is true)',
    old: { tools: [tool()] },
    new: { tools: [tool({ annotations: { destructiveHint: false } })] },
    expected: [['echo', 'changed', '/annotations/destructiveHint', 'compatible']],
  },
  {
    change: 'taskSupport made required',
    old: { tools: [tool()] },
    new: { tools: [tool({ execution: { taskSupport: 'required' } })] },
    expected: [['echo', 'changed', '/execution/taskSupport', 'breaking']],
  },
  {
    change: 'taskSupport made optional',
    old: { tools: [tool()] },
    new: { tools: [tool({ execution: { taskSupport: 'optional' } })] },
    expected: [['echo', 'changed', '/execution/taskSupport', 'compatible']],
  },
  { change: 'resource removed', old: { resources: [resource()] }, new: {}, expected: [['file:///a.txt', 'removed', '', 'breaking']] },
  { change: 'resource added', old: {}, new: { resources: [resource()] }, expected: [['file:///a.txt', 'added', '', 'compatible']] },
  {
    change: 'resource mimeType changed',
    old: { resources: [resource()] },
    new: { resources: [resource({ mimeType: 'application/json' })] },
    expected: [['file:///a.txt', 'changed', '/mimeType', 'breaking']],
  },
  {
    change: 'resource name changed',
    old: { resources: [resource()] },
    new: { resources: [resource({ name: 'b' })] },
    expected: [['file:///a.txt', 'changed', '/name', 'compatible']],
  },
  { change: 'template removed', old: { resourceTemplates: [template()] }, new: {}, expected: [['file:///{path}', 'removed', '', 'breaking']] },
  {
    change: 'template description changed',
    old: { resourceTemplates: [template()] },
    new: { resourceTemplates: [template({ description: 'x' })] },
    expected: [['file:///{path}', 'changed', '/description', 'compatible']],
  },
  { change: 'prompt removed', old: { prompts: [prompt()] }, new: {}, expected: [['greet', 'removed', '', 'breaking']] },
  {
    change: 'prompt argument made required',
    old: { prompts: [prompt()] },
    new: { prompts: [prompt({ arguments: [{ name: 'who', required: true }] })] },
    expected: [['greet', 'changed', '/arguments/0/required', 'breaking']],
  },
  {
    change: 'prompt argument made optional',
    old: { prompts: [prompt({ arguments: [{ name: 'who', required: true }] })] },
    new: { prompts: [prompt()] },
    expected: [['greet', 'changed', '/arguments/0/required', 'compatible']],
  },
  {
    change: 'required prompt argument added',
    old: { prompts: [prompt()] },
    new: { prompts: [prompt({ arguments: [{ name: 'who' }, { name: 'tone', required: true }] })] },
    expected: [['greet', 'changed', '/arguments/1', 'breaking']],
  },
  {
    change: 'optional prompt argument added',
    old: { prompts: [prompt()] },
    new: { prompts: [prompt({ arguments: [{ name: 'who' }, { name: 'tone' }] })] },
    expected: [['greet', 'changed', '/arguments/1', 'compatible']],
  },
  {
    change: 'prompt argument removed',
    old: { prompts: [prompt()] },
    new: { prompts: [prompt({ arguments: [] })] },
    expected: [['greet', 'changed', '/arguments/0', 'breaking']],
  },
  { change: 'nothing changed', old: { tools: [tool()], prompts: [prompt()] }, new: { tools: [tool()], prompts: [prompt()] }, expected: [] },
];

describe('diffInterfaces: the table of item changes', () => {
  it.each(TABLE)('$change', (row) => {
    const changes = diffInterfaces({ ...none, ...row.old }, { ...none, ...row.new });
    expect(changes.flatMap((c) => c.details.map((d) => [c.item, c.change, d.path, d.class]))).toEqual(row.expected);
    for (const c of changes) expect(c.class).toBe(c.details.some((d) => d.class === 'breaking') ? 'breaking' : 'compatible');
  });

  it('treats a server-chosen name like __proto__ as any other', () => {
    const odd = JSON.parse('{"name":"__proto__","inputSchema":{"type":"object"}}') as Tool;
    expect(diffInterfaces(none, { ...none, tools: [odd] })).toMatchObject([{ item: '__proto__', change: 'added' }]);
  });

  it('lists breaking changes first', () => {
    const changes = diffInterfaces({ ...none, tools: [tool({ name: 'a' })] }, { ...none, tools: [tool({ name: 'b' })] });
    expect(breakingFirst([...changes].reverse()).map((c) => c.class)).toEqual(['breaking', 'compatible']);
  });
});
