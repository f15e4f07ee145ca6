// Counts in words, for every place that prints one: the UI and the CLI.

// Made on first use, not at import: a number formatter loads the ICU locale data (about 7 MB of resident
// memory in Node), which the proxy, importing this module, would otherwise carry without ever counting.
let counts: Intl.NumberFormat | undefined;

/** 100,000 (toLocaleString builds a formatter on every call; this one is made once). */
export function formatCount(n: number): string {
  // Small whole numbers need no grouping: the proxy's masks and timeouts count without the formatter.
  if (Number.isInteger(n) && Math.abs(n) < 1000) return String(n);
  counts ??= new Intl.NumberFormat('en-US');
  return counts.format(n);
}

/** "0 tools", "1 tool", "2 tools"; `many` for irregular words ("1 entry", "2 entries"). */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}
