// How a frame spelled its ids. JSON.parse turns `7.0` into 7 and rounds an
// integer beyond 2^53, so the raw text is the only place an id's exact
// spelling survives; the request ledger keys big integers by it and findings
// can quote it. A small scanner over the top level only: it never parses
// nested values, it skips them.

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);

function skipWs(s: string, i: number): number {
  while (i < s.length && WS.has(s.charCodeAt(i))) i++;
  return i;
}

/** `s[i]` is `"`: the index just past the closing quote. */
function skipString(s: string, i: number): number {
  let from = i + 1;
  for (;;) {
    const q = s.indexOf('"', from);
    if (q < 0) return s.length;
    let slashes = 0;
    for (let b = q - 1; s.charCodeAt(b) === 0x5c; b--) slashes++;
    if (slashes % 2 === 0) return q + 1;
    from = q + 1;
  }
}

/** The index just past the value that starts at `i` (assumed valid JSON). */
function skipValue(s: string, i: number): number {
  const c = s[i];
  if (c === '"') return skipString(s, i);
  if (c === '{' || c === '[') {
    let depth = 0;
    while (i < s.length) {
      const ch = s[i];
      if (ch === '"') {
        i = skipString(s, i);
        continue;
      }
      if (ch === '{' || ch === '[') depth++;
      else if (ch === '}' || ch === ']') {
        depth--;
        if (depth === 0) return i + 1;
      }
      i++;
    }
    return i;
  }
  while (i < s.length && !WS.has(s.charCodeAt(i)) && s[i] !== ',' && s[i] !== '}' && s[i] !== ']') i++;
  return i;
}

/** The raw text of the top-level "id" member of the object at `i`. */
function objectId(s: string, i: number): string | undefined {
  let id: string | undefined;
  i = skipWs(s, i + 1);
  while (i < s.length && s[i] === '"') {
    const keyEnd = skipString(s, i);
    const key = s.slice(i + 1, keyEnd - 1);
    i = skipWs(s, keyEnd);
    if (s[i] !== ':') break;
    i = skipWs(s, i + 1);
    const valueEnd = skipValue(s, i);
    // JSON.parse keeps the last of duplicate keys, and so does this.
    if (key === 'id' || (key.includes('\\') && JSON.parse(`"${key}"`) === 'id')) id = s.slice(i, valueEnd);
    i = skipWs(s, valueEnd);
    if (s[i] !== ',') break;
    i = skipWs(s, i + 1);
  }
  return id;
}

/**
 * The raw spelling of each message's top-level "id" in a frame already known
 * to be valid JSON: one entry for an object, one per element for a batch
 * (undefined where there is no id or the element is not an object).
 */
export function idSpellings(text: string): Array<string | undefined> {
  let i = skipWs(text, text.charCodeAt(0) === 0xfeff ? 1 : 0);
  if (text[i] === '{') return [objectId(text, i)];
  if (text[i] !== '[') return [];
  const out: Array<string | undefined> = [];
  i = skipWs(text, i + 1);
  while (i < text.length && text[i] !== ']') {
    out.push(text[i] === '{' ? objectId(text, i) : undefined);
    i = skipValue(text, i);
    i = skipWs(text, i);
    if (text[i] === ',') i = skipWs(text, i + 1);
  }
  return out;
}

/**
 * Whether a numeric id may be spelled other than `String(id)`: not when the
 * canonical spelling is the only "id" in the text, the common case that needs
 * no scan.
 */
export function numericIdNeedsScan(text: string, id: number): boolean {
  if (!Number.isSafeInteger(id)) return true;
  const first = text.indexOf('"id"');
  if (first < 0 || text.indexOf('"id"', first + 4) >= 0) return true;
  const m = /^\s*:\s*(-?[0-9][0-9.eE+-]*)/.exec(text.slice(first + 4, first + 40));
  return m?.[1] !== String(id);
}
