// The last lines a server wrote to stderr, kept for the sentence that says why
// it failed. One keeper for the proxy's stdio upstream, the page and the CLI.

/** Lines kept for an exit or failure report. */
export const STDERR_TAIL_LINES = 20;
/** Lines kept are cut to this many characters. */
const TAIL_LINE_CHARS = 2000;

export class StderrTail {
  private readonly kept: string[] = [];

  constructor(private readonly limit = STDERR_TAIL_LINES) {}

  push(line: string): void {
    this.kept.push(line.length <= TAIL_LINE_CHARS ? line : `${line.slice(0, TAIL_LINE_CHARS)}… (${line.length - TAIL_LINE_CHARS} more characters)`);
    if (this.kept.length > this.limit) this.kept.shift();
  }

  /** The last `count` lines (all kept by default), oldest first. */
  lines(count = this.limit): string[] {
    return this.kept.slice(-count);
  }

  get empty(): boolean {
    return this.kept.length === 0;
  }
}

/** The lines after a failure sentence: "Last stderr lines:" and each line indented, or '' when there are none. */
export function lastStderrLines(lines: readonly string[]): string {
  return lines.length > 0 ? `\nLast stderr lines:\n  ${lines.join('\n  ')}` : '';
}
