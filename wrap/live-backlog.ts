// What the wrapper keeps for the live link: the session's first records (up to
// HEAD_BYTES: the host's initialize is there), sent again to each proxy it
// connects to, and the records not yet sent (up to PENDING_BYTES, the oldest
// let go first and counted). Records are the capture's lines, kept as text.

const HEAD_BYTES = 1024 * 1024;
const PENDING_BYTES = 4 * 1024 * 1024;

interface Line {
  seq: number;
  text: string;
}

/** The seq of a record line (recordToLine writes it first). */
function seqOf(text: string): number | undefined {
  const m = /^\{"seq":(\d+)/.exec(text);
  return m === null ? undefined : Number(m[1]);
}

export interface BacklogLimits {
  headBytes?: number;
  pendingBytes?: number;
}

export class LiveBacklog {
  private readonly head: Line[] = [];
  private headBytes = 0;
  private headFull = false;
  private pending: Line[] = [];
  private pendingStart = 0;
  private pendingBytes = 0;
  /** Pending records let go since the last take(). */
  private dropped = 0;
  private newestSeq = 0;
  private readonly maxHead: number;
  private readonly maxPending: number;

  constructor(limits: BacklogLimits = {}) {
    this.maxHead = limits.headBytes ?? HEAD_BYTES;
    this.maxPending = limits.pendingBytes ?? PENDING_BYTES;
  }

  /** Capture lines, each ending with "\n", as the recorder writes them. */
  push(lines: string): void {
    for (let start = 0, end = lines.indexOf('\n'); end >= 0; start = end + 1, end = lines.indexOf('\n', start)) {
      const text = lines.slice(start, end);
      const seq = seqOf(text);
      if (seq === undefined) continue;
      this.newestSeq = seq;
      const line = { seq, text };
      if (!this.headFull) {
        if (this.headBytes + text.length <= this.maxHead) {
          this.head.push(line);
          this.headBytes += text.length;
        } else this.headFull = true;
      }
      this.pending.push(line);
      this.pendingBytes += text.length;
    }
    while (this.pendingBytes > this.maxPending && this.pendingStart < this.pending.length) {
      this.pendingBytes -= this.pending[this.pendingStart]!.text.length;
      this.pendingStart++;
      this.dropped++;
    }
    if (this.pendingStart > 4096 && this.pendingStart * 2 > this.pending.length) this.compact();
  }

  get hasPending(): boolean {
    return this.pendingStart < this.pending.length;
  }

  /**
   * What a proxy just connected gets first: the first records it would otherwise miss, and how many
   * records fall between them and the pending ones (sent to an earlier proxy, or let go).
   */
  replay(): { lines: string[]; lost: number } {
    const firstPending = this.hasPending ? this.pending[this.pendingStart]!.seq : this.newestSeq + 1;
    const head = this.head.filter((l) => l.seq < firstPending);
    const lastHead = head.at(-1)?.seq ?? 0;
    this.dropped = 0;
    return { lines: head.map((l) => l.text), lost: Math.max(0, firstPending - 1 - lastHead) };
  }

  /** Up to `max` pending lines (and about `maxBytes`, at least one), and the records let go before them. */
  take(max: number, maxBytes: number): { lines: string[]; lost: number } {
    const lines: string[] = [];
    let bytes = 0;
    while (this.hasPending && lines.length < max && (lines.length === 0 || bytes + this.pending[this.pendingStart]!.text.length <= maxBytes)) {
      const { text } = this.pending[this.pendingStart++]!;
      lines.push(text);
      bytes += text.length;
      this.pendingBytes -= text.length;
    }
    if (!this.hasPending) {
      this.pending = [];
      this.pendingStart = 0;
    }
    const lost = this.dropped;
    this.dropped = 0;
    return { lines, lost };
  }

  private compact(): void {
    this.pending = this.pending.slice(this.pendingStart);
    this.pendingStart = 0;
  }
}
