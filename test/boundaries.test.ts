import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(new URL('..', import.meta.url).pathname);
const PROTOCOL = join(ROOT, 'src/protocol');

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) return [];
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return files(p, pattern);
    return pattern.test(name) ? [p] : [];
  });
}

/** Every module specifier of a file: static imports, re-exports and dynamic import(). */
function specifiers(text: string): string[] {
  return [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g)].map((m) => m[1]!);
}

// src/protocol runs in the browser, the proxy and the CLI: it must not import
// node:, the DOM, React, or code from app/proxy.
function protocolSources(): string[] {
  return files(PROTOCOL, /\.ts$/).filter((f) => !/\.test\.ts$/.test(f));
}

describe('src/protocol boundaries', () => {
  it('imports nothing runtime-specific', () => {
    const offenders: string[] = [];
    for (const file of protocolSources()) {
      const text = readFileSync(file, 'utf8');
      for (const spec of specifiers(text)) {
        if (spec.startsWith('node:') || /^(react|react-dom|fs|path|child_process|ws)$/.test(spec) || /\/(app|proxy)\//.test(spec)) {
          offenders.push(`${file}: ${spec}`);
        }
      }
      if (/\b(document|window)\./.test(text)) offenders.push(`${file}: uses the DOM`);
    }
    expect(offenders).toEqual([]);
  });

  // The public face of src/protocol is its index; its folders are free to move.
  // One exception: the SDK's schemas bring zod, so the UI loads them lazily
  // from their own module (see src/app) rather than through the index.
  const ENTRY_POINTS = new Set(['index.js', 'lint/sdk-schemas.js']);

  it('is imported from outside only through its index', () => {
    const outside = ['src/app', 'proxy', 'cli', 'bench', 'scripts', 'bin', 'test', 'e2e', 'examples']
      .map((d) => join(ROOT, d))
      .filter((d) => {
        try {
          return statSync(d).isDirectory();
        } catch {
          return false;
        }
      })
      .flatMap((d) => files(d, /\.(ts|tsx|mts|js|mjs)$/));
    const offenders: string[] = [];
    for (const file of outside) {
      for (const spec of specifiers(readFileSync(file, 'utf8'))) {
        if (!spec.startsWith('.')) continue;
        const target = resolve(dirname(file), spec);
        if (!target.startsWith(`${PROTOCOL}/`)) continue;
        if (!ENTRY_POINTS.has(relative(PROTOCOL, target))) offenders.push(`${relative(ROOT, file)}: ${spec}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('defines each small JSON guard once (src/protocol/json/guards.ts)', () => {
    const guard = /typeof (\w+) === 'object' && \1 !== null && !Array\.isArray\(\1\)/;
    const sources = ['src', 'proxy', 'cli'].flatMap((d) => {
      try {
        return files(join(ROOT, d), /\.(ts|tsx)$/);
      } catch {
        return [];
      }
    });
    const copies = sources.filter((f) => !/\.test\.tsx?$/.test(f) && !f.endsWith('src/protocol/json/guards.ts') && guard.test(readFileSync(f, 'utf8')));
    expect(copies.map((f) => relative(ROOT, f))).toEqual([]);
  });
});
