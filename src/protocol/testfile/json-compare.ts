// Comparing JSON values for expectations: a partial match (every key and item
// the test gives is in the value) and exact equality, each saying where the
// first difference is.

import { isRecord } from '../json/guards.js';

const SHOWN = 80;

export function shown(value: unknown): string {
  const text = value === undefined ? 'nothing' : (JSON.stringify(value) ?? String(value));
  return text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text;
}

const at = (path: string) => path || '(the whole value)';
export const pathKey = (path: string, k: string) => (/^[A-Za-z_$][\w$-]*$/.test(k) ? (path ? `${path}.${k}` : k) : `${path}[${JSON.stringify(k)}]`);

/**
 * Where `actual` fails to contain `expected`, or undefined. Mappings: every key given, matched within;
 * lists: every item given matches some item of the value, in any order; anything else: equal.
 */
export function subsetMismatch(expected: unknown, actual: unknown, path = ''): string | undefined {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${at(path)}: expected a list, got ${shown(actual)}`;
    for (const [i, item] of expected.entries()) {
      if (!actual.some((a) => subsetMismatch(item, a) === undefined)) return `${path}[${i}]: no item of ${at(path)} matches ${shown(item)}`;
    }
    return undefined;
  }
  if (isRecord(expected)) {
    if (!isRecord(actual)) return `${at(path)}: expected a mapping, got ${shown(actual)}`;
    for (const [k, v] of Object.entries(expected)) {
      if (!Object.hasOwn(actual, k)) return `${pathKey(path, k)}: missing (expected ${shown(v)})`;
      const inner = subsetMismatch(v, actual[k], pathKey(path, k));
      if (inner !== undefined) return inner;
    }
    return undefined;
  }
  return Object.is(expected, actual) || expected === actual ? undefined : `${at(path)}: expected ${shown(expected)}, got ${shown(actual)}`;
}

/** Where two values first differ (keys in any order), or undefined when they are equal. */
export function firstDifference(expected: unknown, actual: unknown, path = ''): string | undefined {
  if (Array.isArray(expected) || Array.isArray(actual)) {
    if (!Array.isArray(expected) || !Array.isArray(actual)) return `${at(path)}: was ${shown(expected)}, now ${shown(actual)}`;
    for (let i = 0; i < Math.max(expected.length, actual.length); i++) {
      if (i >= actual.length) return `${path}[${i}]: was ${shown(expected[i])}, now missing`;
      if (i >= expected.length) return `${path}[${i}]: new, ${shown(actual[i])}`;
      const inner = firstDifference(expected[i], actual[i], `${path}[${i}]`);
      if (inner !== undefined) return inner;
    }
    return undefined;
  }
  if (isRecord(expected) || isRecord(actual)) {
    if (!isRecord(expected) || !isRecord(actual)) return `${at(path)}: was ${shown(expected)}, now ${shown(actual)}`;
    for (const k of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
      if (!Object.hasOwn(actual, k)) return `${pathKey(path, k)}: was ${shown(expected[k])}, now missing`;
      if (!Object.hasOwn(expected, k)) return `${pathKey(path, k)}: new, ${shown(actual[k])}`;
      const inner = firstDifference(expected[k], actual[k], pathKey(path, k));
      if (inner !== undefined) return inner;
    }
    return undefined;
  }
  return expected === actual ? undefined : `${at(path)}: was ${shown(expected)}, now ${shown(actual)}`;
}
