// Regular expressions a server chose (JSON Schema `pattern`, the keys of
// `patternProperties`) are run here and only here, on RE2's linear-time engine
// (re2js): a backtracking engine given `^(a+)+$` and thirty "a"s and a "!"
// spins for seconds, which froze the page and hung `mcpscope check`.
// RE2 has no lookaround and no backreferences; a pattern that needs them
// cannot be run in linear time, so it is not run at all and is reported as
// "not checked" (JSON Schema itself advises schema authors to avoid them).

import { RE2JS } from 're2js';

export type ServerPattern =
  | { status: 'checked'; source: string; test(text: string): boolean }
  /** Not an ECMAScript regular expression: the schema is at fault. */
  | { status: 'invalid'; source: string; message: string }
  /** Valid, but only a backtracking engine could run it. */
  | { status: 'unchecked'; source: string; message: string };

const cache = new Map<string, ServerPattern>();
const CACHE_LIMIT = 500;

/** `\k<name>`: a named backreference; re2js would read it as the letters "k<name>". */
function hasNamedBackreference(source: string): boolean {
  for (let i = 0; i < source.length; i++) {
    if (source[i] !== '\\') continue;
    if (source[i + 1] === 'k') return true;
    i++;
  }
  return false;
}

export function uncheckedPatternMessage(source: string): string {
  return `pattern ${JSON.stringify(source)} uses features that cannot be checked safely (such as lookaround or backreferences); not checked`;
}

function compile(source: string): ServerPattern {
  try {
    // Compiling (never running) with the page's own engine tells whether the
    // pattern is valid ECMAScript, the dialect JSON Schema names. `u` as validators use.
    new RegExp(source, 'u');
  } catch {
    return { status: 'invalid', source, message: `pattern ${JSON.stringify(source)} is not a valid regular expression` };
  }
  if (hasNamedBackreference(source)) return { status: 'unchecked', source, message: uncheckedPatternMessage(source) };
  try {
    const re = RE2JS.compile(RE2JS.translateRegExp(source));
    return { status: 'checked', source, test: (text) => re.test(text) };
  } catch {
    return { status: 'unchecked', source, message: uncheckedPatternMessage(source) };
  }
}

/** The pattern, ready to test strings in linear time, or why it cannot be. Cached by source. */
export function serverPattern(source: string): ServerPattern {
  const hit = cache.get(source);
  if (hit) return hit;
  const compiled = compile(source);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(source, compiled);
  return compiled;
}
