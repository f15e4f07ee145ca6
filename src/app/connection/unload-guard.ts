// While a connection is up, leaving or reloading the page ends it (and the
// server process): ask the browser to confirm first. Its own dialog is shown;
// pages cannot word it.

export interface UnloadTarget {
  addEventListener(type: 'beforeunload', listener: (e: BeforeUnloadEvent) => void): void;
  removeEventListener(type: 'beforeunload', listener: (e: BeforeUnloadEvent) => void): void;
}

/** Keeps a beforeunload listener set exactly while `active` says so; `onLeave` runs whenever the page is about to go. */
export function guardUnload(target: UnloadTarget, onLeave: () => void): (active: boolean) => void {
  let guarding = false;
  const listener = (e: BeforeUnloadEvent) => {
    onLeave();
    e.preventDefault();
    // Older browsers look at returnValue instead of preventDefault.
    e.returnValue = '';
  };
  return (active) => {
    if (active === guarding) return;
    guarding = active;
    if (active) target.addEventListener('beforeunload', listener);
    else target.removeEventListener('beforeunload', listener);
  };
}
