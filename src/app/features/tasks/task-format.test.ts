import { describe, expect, it } from 'vitest';
import { taskTime, taskTtl } from './task-format.js';

describe('task format', () => {
  it('writes times as clock time, and says when the receiver wrote none or nonsense', () => {
    expect(taskTime('2025-11-25T10:00:00.125Z')).toMatch(/^\d\d:00:00\.125$/);
    expect(taskTime('')).toBe('(missing)');
    expect(taskTime('yesterday')).toBe('yesterday (not an ISO 8601 time)');
  });
  it('writes ttl as a duration, null as unlimited', () => {
    expect(taskTtl(60000)).toBe('60.0 s');
    expect(taskTtl(null)).toBe('unlimited');
  });
});
