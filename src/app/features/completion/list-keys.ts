// The keys of a suggestion list (ARIA combobox): ArrowDown opens it or moves
// down, ArrowUp moves up (both wrap), Enter picks the highlighted value (or
// the only one offered, when it is not already in the field), Escape closes.
// Pure, so it is tested without a browser.

export interface ListState {
  open: boolean;
  /** The highlighted option, -1 for none. */
  active: number;
}

export interface KeyOutcome {
  state: ListState;
  /** The option to put in the field. */
  pick?: number;
  /** The key was the list's: the caller stops its default (Enter submitting the form, Escape closing a dialog). */
  handled: boolean;
}

export const CLOSED: ListState = { open: false, active: -1 };

/** `count`: the options shown now; `soleDiffers`: there is one, and it is not what the field holds. */
export function listKey(state: ListState, key: string, count: number, soleDiffers = false): KeyOutcome {
  switch (key) {
    case 'ArrowDown':
      if (!state.open) return { state: { open: true, active: -1 }, handled: true };
      return { state: { open: true, active: count === 0 ? -1 : (state.active + 1) % count }, handled: true };
    case 'ArrowUp':
      if (!state.open || count === 0) return { state, handled: state.open };
      return { state: { open: true, active: state.active <= 0 ? count - 1 : state.active - 1 }, handled: true };
    case 'Enter':
      if (state.open && state.active < 0 && count === 1 && soleDiffers) return { state: CLOSED, pick: 0, handled: true };
      if (!state.open || state.active < 0 || state.active >= count) return { state, handled: false };
      return { state: CLOSED, pick: state.active, handled: true };
    case 'Escape':
      return { state: CLOSED, handled: state.open };
    case 'Tab':
      return { state: CLOSED, handled: false };
    default:
      return { state, handled: false };
  }
}
