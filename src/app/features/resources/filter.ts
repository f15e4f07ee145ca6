// Case-insensitive filtering of list items by the text fields a person sees.

/** True when every word of `query` occurs in one of `fields`. */
export function matchesFilter(query: string, fields: Array<string | undefined>): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fields
    .filter((f): f is string => typeof f === 'string')
    .join('\n')
    .toLowerCase();
  return words.every((w) => haystack.includes(w));
}

export function filterItems<T>(items: readonly T[], query: string, fields: (item: T) => Array<string | undefined>): T[] {
  return items.filter((item) => matchesFilter(query, fields(item)));
}
