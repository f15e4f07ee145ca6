import { describe, expect, it } from 'vitest';
import { STDERR_TAIL_LINES, StderrTail } from './stderr-tail.js';

describe('StderrTail', () => {
  it('keeps the last lines, oldest first, and cuts long ones', () => {
    const tail = new StderrTail();
    expect(tail.empty).toBe(true);
    for (let i = 0; i < STDERR_TAIL_LINES + 5; i++) tail.push(`line ${i}`);
    tail.push('x'.repeat(2005));
    expect(tail.lines()).toHaveLength(STDERR_TAIL_LINES);
    expect(tail.lines()[0]).toBe('line 6');
    expect(tail.lines(1)[0]).toBe(`${'x'.repeat(2000)}… (5 more characters)`);
  });
});
