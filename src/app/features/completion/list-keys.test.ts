import { describe, expect, it } from 'vitest';
import { CLOSED, listKey } from './list-keys.js';

describe('listKey', () => {
  it('ArrowDown opens a closed list without highlighting, then moves down and wraps', () => {
    const opened = listKey(CLOSED, 'ArrowDown', 3);
    expect(opened).toEqual({ state: { open: true, active: -1 }, handled: true });
    let state = opened.state;
    const seen: number[] = [];
    for (let i = 0; i < 4; i++) {
      state = listKey(state, 'ArrowDown', 3).state;
      seen.push(state.active);
    }
    expect(seen).toEqual([0, 1, 2, 0]);
  });

  it('ArrowUp moves up from the first to the last', () => {
    expect(listKey({ open: true, active: 0 }, 'ArrowUp', 3).state.active).toBe(2);
    expect(listKey({ open: true, active: -1 }, 'ArrowUp', 3).state.active).toBe(2);
    expect(listKey({ open: true, active: 2 }, 'ArrowUp', 3).state.active).toBe(1);
    expect(listKey(CLOSED, 'ArrowUp', 3)).toEqual({ state: CLOSED, handled: false });
  });

  it("Enter picks the highlighted option and closes; with none highlighted it is the form's", () => {
    expect(listKey({ open: true, active: 1 }, 'Enter', 3)).toEqual({ state: CLOSED, pick: 1, handled: true });
    expect(listKey({ open: true, active: -1 }, 'Enter', 3)).toMatchObject({ handled: false });
    // The list shrank under the highlight: nothing to pick.
    expect(listKey({ open: true, active: 4 }, 'Enter', 2)).toMatchObject({ handled: false });
    expect(listKey(CLOSED, 'Enter', 3).pick).toBeUndefined();
  });

  it("Escape closes an open list (and is not the page's then); Tab closes it and moves on", () => {
    expect(listKey({ open: true, active: 1 }, 'Escape', 3)).toEqual({ state: CLOSED, handled: true });
    expect(listKey(CLOSED, 'Escape', 3)).toEqual({ state: CLOSED, handled: false });
    expect(listKey({ open: true, active: 1 }, 'Tab', 3)).toEqual({ state: CLOSED, handled: false });
  });

  it('an empty list stays without a highlight', () => {
    expect(listKey({ open: true, active: -1 }, 'ArrowDown', 0).state.active).toBe(-1);
  });

  it('Enter picks the only suggestion, unhighlighted, unless the field already holds it', () => {
    expect(listKey({ open: true, active: -1 }, 'Enter', 1, true)).toEqual({ state: CLOSED, pick: 0, handled: true });
    expect(listKey({ open: true, active: -1 }, 'Enter', 1, false)).toEqual({ state: { open: true, active: -1 }, handled: false });
    expect(listKey({ open: true, active: -1 }, 'Enter', 2, true).pick).toBeUndefined();
    expect(listKey(CLOSED, 'Enter', 1, true).pick).toBeUndefined();
  });
});
