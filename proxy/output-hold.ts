// What the bridge does with the server's output while the browser is behind:
// reading is paused, and the few events already read are held here, in order,
// until the socket drains. Protocol frames are always kept; stderr lines are
// kept up to a bound and counted (and dropped past it), so a flooding server
// cannot grow the proxy without limit. The counts become a notice for the Console.
import type { OutputHeld } from '../src/protocol/wire.js';

/** stderr held while paused, as envelope text; past this a stderr line is dropped (and counted). */
export const HELD_STDERR_LIMIT_BYTES = 4 * 1024 * 1024;

const none = (): OutputHeld => ({ pauses: 0, pausedMs: 0, heldLines: 0, heldBytes: 0, droppedLines: 0, droppedBytes: 0 });

export class OutputHold {
  private queue: string[] = [];
  private heldStderr = 0;
  private counts = none();
  private pausedSince: number | undefined;

  constructor(private readonly limitBytes = HELD_STDERR_LIMIT_BYTES) {}

  get paused(): boolean {
    return this.pausedSince !== undefined;
  }

  pause(now: number): void {
    if (this.pausedSince !== undefined) return;
    this.pausedSince = now;
    this.counts.pauses++;
  }

  /** Keep an envelope until `resume`. A stderr line (`lineBytes` given) over the bound is dropped instead. */
  hold(text: string, lineBytes?: number): void {
    if (lineBytes !== undefined) {
      if (this.heldStderr + text.length > this.limitBytes) {
        this.counts.droppedLines++;
        this.counts.droppedBytes += lineBytes;
        return;
      }
      this.heldStderr += text.length;
      this.counts.heldLines++;
      this.counts.heldBytes += lineBytes;
    }
    this.queue.push(text);
  }

  /** Reading starts again: returns what was held, in order. */
  resume(now: number): string[] {
    if (this.pausedSince !== undefined) this.counts.pausedMs += now - this.pausedSince;
    this.pausedSince = undefined;
    const held = this.queue;
    this.queue = [];
    this.heldStderr = 0;
    return held;
  }

  /** The counts since the last report (a pause still under way counts up to now), or undefined when there is nothing to say. */
  report(now: number): OutputHeld | undefined {
    if (this.pausedSince !== undefined) {
      this.counts.pausedMs += now - this.pausedSince;
      this.pausedSince = now;
    }
    const counts = this.counts;
    if (counts.pauses === 0 && counts.pausedMs === 0 && counts.heldLines === 0 && counts.droppedLines === 0) return undefined;
    this.counts = none();
    return counts;
  }
}
