// Paths into a result, for the volatile fields a snapshot leaves out:
// `structuredContent.timestamp`, `content[0].text`, `tools[*].annotations`
// (`*` is any key or index).

import { isRecord } from '../json/guards.js';

type Segment = { key: string } | { index: number } | { any: true };

const TOKEN = /^(?:\.?([^.[\]]+)|\[(\d+|\*)\])/;

export function parsePath(path: string): Segment[] | undefined {
  const segments: Segment[] = [];
  let rest = path;
  while (rest !== '') {
    const m = TOKEN.exec(rest);
    if (!m || (segments.length === 0 && rest.startsWith('.'))) return undefined;
    const [whole, key, bracket] = m;
    if (key !== undefined) segments.push(key === '*' ? { any: true } : { key });
    else segments.push(bracket === '*' ? { any: true } : { index: Number(bracket) });
    rest = rest.slice(whole.length);
  }
  return segments.length ? segments : undefined;
}

export function ignorePathProblem(path: string): string | undefined {
  return parsePath(path)
    ? undefined
    : `'${path}' is not a path: write keys with dots and indexes in brackets, such as content[0].text or tools[*].annotations.`;
}

/** A copy of `value` without what the paths point at. */
export function withoutPaths(value: unknown, paths: readonly string[]): unknown {
  let out = value;
  for (const p of paths) out = without(out, parsePath(p) ?? []);
  return out;
}

function without(value: unknown, path: readonly Segment[]): unknown {
  const [first, ...rest] = path;
  if (first === undefined) return value;
  const last = rest.length === 0;
  if (Array.isArray(value)) {
    if ('key' in first) return value;
    const hit = (i: number) => 'any' in first || first.index === i;
    if (last) return value.filter((_, i) => !hit(i));
    return value.map((v, i) => (hit(i) ? without(v, rest) : v));
  }
  if (!isRecord(value) || 'index' in first) return value;
  const entries = Object.entries(value).flatMap(([k, v]): Array<[string, unknown]> => {
    const hit = 'any' in first || first.key === k;
    if (!hit) return [[k, v]];
    return last ? [] : [[k, without(v, rest)]];
  });
  return Object.fromEntries(entries);
}
