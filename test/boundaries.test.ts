import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// src/protocol runs in the browser, the proxy and the CLI: it must not import
// node:, the DOM, React, or code from app/proxy.
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [p] : [];
  });
}

describe('src/protocol boundaries', () => {
  it('imports nothing runtime-specific', () => {
    const offenders: string[] = [];
    for (const file of sources(new URL('../src/protocol/', import.meta.url).pathname)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/from\s+['"]([^'"]+)['"]/g)) {
        const spec = m[1]!;
        if (spec.startsWith('node:') || /^(react|react-dom|fs|path|child_process|ws)$/.test(spec) || /\/(app|proxy)\//.test(spec)) {
          offenders.push(`${file}: ${spec}`);
        }
      }
      if (/\b(document|window)\./.test(text)) offenders.push(`${file}: uses the DOM`);
    }
    expect(offenders).toEqual([]);
  });
});
