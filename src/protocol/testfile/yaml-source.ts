// The YAML of a test file, kept with its nodes so that every problem found in
// the value can name the line it is on.

import { LineCounter, parseDocument, type Document } from 'yaml';
import { isRecord } from '../json/guards.js';
import { didYouMean } from './suggest.js';

export type Path = ReadonlyArray<string | number>;

/** A problem with the file: where (a line, when known) and what, with the path of the field. */
export class TestFileProblem extends Error {
  constructor(
    readonly line: number | undefined,
    readonly field: string,
    readonly reason: string,
  ) {
    super(field ? `${field}: ${reason}` : reason);
  }
}

export const MAX_TEST_FILE_CHARS = 1_000_000;

/** `steps[2].expect.match`. */
export function pathText(path: Path): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

export function describe(value: unknown): string {
  if (value === null || value === undefined) return 'empty';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return `${typeof value === 'string' ? 'the text' : `the ${typeof value}`} ${JSON.stringify(value)}`;
}

export class YamlSource {
  private constructor(
    private readonly doc: Document.Parsed,
    private readonly lines: LineCounter,
    readonly value: unknown,
  ) {}

  /** Parses the text; a YAML syntax error is a problem at its line. */
  static parse(text: string): YamlSource {
    if (text.length > MAX_TEST_FILE_CHARS) {
      throw new TestFileProblem(
        undefined,
        '',
        `the file has ${text.length.toLocaleString('en')} characters, more than the ${MAX_TEST_FILE_CHARS.toLocaleString('en')} a test file may have.`,
      );
    }
    const lines = new LineCounter();
    const doc = parseDocument(text, { lineCounter: lines, prettyErrors: true, uniqueKeys: true });
    const first = doc.errors[0];
    if (first) {
      const line = first.linePos?.[0].line;
      throw new TestFileProblem(line, '', `not valid YAML: ${first.message.replace(/\s+at line \d+, column \d+.*$/s, '')}.`);
    }
    // Aliases are expanded with a cap, so a "billion laughs" file is refused, not expanded.
    let value: unknown;
    try {
      value = doc.toJS({ maxAliasCount: 100 });
    } catch (e) {
      throw new TestFileProblem(undefined, '', `the YAML cannot be read: ${e instanceof Error ? e.message : String(e)}.`);
    }
    return new YamlSource(doc, lines, value);
  }

  /** The 1-based line of the node at `path` (or of the nearest parent that exists). */
  lineOf(path: Path): number | undefined {
    for (let n = path.length; n >= 0; n--) {
      const node = n === 0 ? this.doc.contents : this.doc.getIn(path.slice(0, n), true);
      const range = (node as { range?: [number, number, number] } | undefined)?.range;
      if (range) return this.lines.linePos(range[0]).line;
    }
    return undefined;
  }

  problem(path: Path, reason: string): TestFileProblem {
    return new TestFileProblem(this.lineOf(path), pathText(path), reason);
  }

  /** The mapping at `path`, refusing keys it does not take. `label` names it in sentences. */
  mapping(value: unknown, path: Path, keys: readonly string[], label = pathText(path)): Record<string, unknown> {
    if (!isRecord(value)) throw this.problem(path, `is ${describe(value)}, not a mapping of ${keys.map((k) => `'${k}'`).join(', ')}.`);
    for (const key of Object.keys(value)) {
      if (!keys.includes(key)) {
        const hint = didYouMean(key, keys) || ` (it takes ${keys.map((k) => `'${k}'`).join(', ')}).`;
        throw new TestFileProblem(this.lineOf([...path, key]), label, `unknown key '${key}'${hint}`);
      }
    }
    return value;
  }

  string(value: unknown, path: Path, what = 'text'): string {
    if (typeof value !== 'string' || value === '') throw this.problem(path, `is ${describe(value)}; write ${what}.`);
    return value;
  }

  strings(value: unknown, path: Path, what: string): string[] {
    const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
    return list.map((v, i) => this.string(v, Array.isArray(value) ? [...path, i] : path, what));
  }

  /** A whole number of at least `min`. */
  count(value: unknown, path: Path, min: number, what: string): number {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min) throw this.problem(path, `is ${describe(value)}; write ${what}.`);
    return value;
  }

  /** A mapping of names to text (env, headers, prompt arguments). */
  textMap(value: unknown, path: Path): Record<string, string> {
    if (value === undefined) return {};
    if (!isRecord(value)) throw this.problem(path, `is ${describe(value)}, not a mapping of names to text.`);
    const pairs: Array<[string, string]> = [];
    for (const [key, v] of Object.entries(value)) {
      if (typeof v !== 'string') throw this.problem([...path, key], `is ${describe(v)}; write it in quotes, as text.`);
      pairs.push([key, v]);
    }
    // fromEntries: a key such as "__proto__" stays an ordinary key.
    return Object.fromEntries(pairs);
  }
}
