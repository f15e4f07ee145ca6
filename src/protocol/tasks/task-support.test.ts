import { describe, expect, it } from 'vitest';
import { toolTaskSupport } from './task-support.js';

const caps = { tasks: { requests: { tools: { call: {} } } } };

describe('toolTaskSupport', () => {
  it("follows the tool's taskSupport where the server declares task-augmented tool calls", () => {
    expect(toolTaskSupport({ execution: { taskSupport: 'optional' } }, caps)).toEqual({ mode: 'optional' });
    expect(toolTaskSupport({ execution: { taskSupport: 'required' } }, caps)).toEqual({ mode: 'required' });
    expect(toolTaskSupport({ execution: { taskSupport: 'forbidden' } }, caps)).toEqual({ mode: 'none' });
    expect(toolTaskSupport({}, caps)).toEqual({ mode: 'none' });
  });

  it('never offers a task where the server did not declare tasks.requests.tools.call, and says why', () => {
    const r = toolTaskSupport({ execution: { taskSupport: 'required' } }, { tasks: { list: {} } });
    expect(r.mode).toBe('none');
    expect(r.note).toContain('the server does not declare tasks.requests.tools.call');
    expect(toolTaskSupport({ execution: { taskSupport: 'optional' } }, undefined).mode).toBe('none');
  });
});
