// A round trip measured in the page includes whatever the main thread does
// before it handles the reply. Sending right after a frame has been painted
// leaves a whole frame interval free, so the figure is the wire's, not React's.
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame !== 'function') {
      resolve();
      return;
    }
    // The timer fires after the frame painted; a hidden tab never paints, so
    // the fallback timer keeps the ping from waiting forever.
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve();
    };
    requestAnimationFrame(() => setTimeout(finish, 0));
    setTimeout(finish, 100);
  });
}
