import type { KeyboardEvent } from 'react';

/** Keep Tab inside a modal dialog. */
export function trapFocus(e: KeyboardEvent<HTMLDivElement>, root: HTMLDivElement | null): void {
  const focusable = root ? [...root.querySelectorAll<HTMLElement>('input, select, button:not(:disabled), textarea, [tabindex]:not([tabindex="-1"])')] : [];
  if (focusable.length === 0) return;
  const first = focusable[0]!;
  const last = focusable[focusable.length - 1]!;
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}
