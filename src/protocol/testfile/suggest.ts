// "did you mean …?" for a key or a name someone mistyped.

/** Levenshtein distance, with a cap past which the exact figure does not matter. */
function distance(a: string, b: string, cap: number): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[b.length]!;
}

/** The candidate nearest to `typed`, when it is near enough to be what was meant (or the one that starts alike). */
export function closest(typed: string, candidates: readonly string[]): string | undefined {
  const cap = Math.max(2, Math.floor(typed.length / 3));
  let best: { name: string; d: number } | undefined;
  for (const name of candidates) {
    const d = name.toLowerCase() === typed.toLowerCase() ? 0 : distance(typed, name, cap);
    if (d <= cap && (best === undefined || d < best.d)) best = { name, d };
  }
  if (best || typed.length < 3) return best?.name;
  const alike = candidates.filter((c) => c.toLowerCase().startsWith(typed.slice(0, 3).toLowerCase()));
  return alike.length === 1 ? alike[0] : undefined;
}

/** ` — did you mean 'x'?`, or nothing. */
export function didYouMean(typed: string, candidates: readonly string[]): string {
  const near = closest(typed, candidates);
  return near === undefined ? '' : ` — did you mean '${near}'?`;
}
