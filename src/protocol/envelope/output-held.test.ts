import { describe, expect, it } from 'vitest';
import { outputHeldNotice } from './output-held.js';

const none = { pauses: 1, pausedMs: 0, heldLines: 0, heldBytes: 0, droppedLines: 0, droppedBytes: 0 };

describe('outputHeldNotice', () => {
  it('says how often and how long reading stopped, and what was held back', () => {
    expect(outputHeldNotice({ ...none, pauses: 14, pausedMs: 3120, heldLines: 12_345, heldBytes: 3_355_443 })).toBe(
      "The browser fell behind the server's output, so mcpscope stopped reading it 14 times (3.12 s in all) until the page caught up; the server waited meanwhile. 12,345 stderr lines (3.4 MB) already read were held back and are shown in order. Nothing was lost.",
    );
    expect(outputHeldNotice({ ...none, pausedMs: 250 })).toBe(
      "The browser fell behind the server's output, so mcpscope stopped reading it for 250.0 ms until the page caught up; the server waited meanwhile. Nothing was lost.",
    );
  });

  it('counts dropped stderr lines and says protocol frames never are', () => {
    expect(outputHeldNotice({ ...none, pausedMs: 1000, heldLines: 1, heldBytes: 900, droppedLines: 1, droppedBytes: 2048 })).toMatch(
      /1 stderr line \(900 B\) already read was held back and is shown in order\. 1 stderr line \(2\.0 kB\) was dropped: too much stderr was waiting\. Protocol frames are never dropped\.$/,
    );
  });
});
