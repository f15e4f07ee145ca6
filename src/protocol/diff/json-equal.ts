// Equality of JSON values (what a server sent, parsed): key order does not matter, array order does.

import { isRecord } from '../json/guards.js';

/** Past this depth the values are compared as JSON text (key order then counts), so no schema overflows the stack. */
const DEEP = 200;

function textEqual(a: unknown, b: unknown): boolean {
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}

export function jsonEqual(a: unknown, b: unknown, depth = 0): boolean {
  if (a === b) return true;
  if (depth > DEEP) return textEqual(a, b);
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((v, i) => jsonEqual(v, b[i], depth + 1));
  if (!isRecord(a) || !isRecord(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && jsonEqual(a[k], b[k], depth + 1));
}
