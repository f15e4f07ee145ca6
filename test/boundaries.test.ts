import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
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
function sources(dir: string, withTests = false): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p, withTests);
    return /\.ts$/.test(name) && (withTests || !/\.test\.ts$/.test(name)) ? [p] : [];
  });
}

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
  // Two exceptions, both loaded lazily by the UI as chunks of their own (see
  // src/app/create-app.ts and wire-app.ts) so that the first screen stays small:
  // the SDK's schemas (they bring zod) and the lint engine (with the schema
  // validator and RE2).
  // And one for the proxy: wire.ts, the frame-carrying part of the index, so that the proxy process never
  // evaluates the session, the schema validator or the lint engine (resident memory; see the test below).
  const ENTRY_POINTS = new Set(['index.js', 'lint/sdk-schemas.js', 'lint/linter.js', 'wire.js']);

  it('is imported from outside only through its index', () => {
    const outside = ['src/app', 'proxy', 'cli', 'wrap', 'node', 'bench', 'scripts', 'bin', 'test', 'e2e', 'examples']
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

  it('is imported by the proxy, node/, the passthrough and the option table only through wire.ts', () => {
    const offenders: string[] = [];
    for (const file of ['proxy', 'node', 'wrap', 'options'].flatMap((d) => files(join(ROOT, d), /\.ts$/)).filter((f) => !f.endsWith('.test.ts'))) {
      for (const spec of specifiers(readFileSync(file, 'utf8'))) {
        const target = resolve(dirname(file), spec);
        if (spec.startsWith('.') && target.startsWith(`${PROTOCOL}/`) && relative(PROTOCOL, target) !== 'wire.js') {
          offenders.push(`${relative(ROOT, file)}: ${spec}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });

  it('defines each small JSON guard once (src/protocol/json/guards.ts)', () => {
    const guard = /typeof (\w+) === 'object' && \1 !== null && !Array\.isArray\(\1\)/;
    const sources = ['src', 'proxy', 'cli', 'node'].flatMap((d) => {
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

// The proxy serves the inspector; the headless CLI (cli/) is no proxy. Both
// drive the upstreams and the OAuth engine of node/, so neither imports the
// other. options/ is the one table of command-line options that both of them read.
describe('proxy, cli and options boundaries', () => {
  const root = new URL('../', import.meta.url).pathname;
  const importsOf = (dir: string): Array<{ file: string; spec: string }> =>
    sources(join(root, dir), true).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/from\s+['"]([^'"]+)['"]/g)].map((m) => ({ file, spec: m[1]! })));

  it('keeps the CLI out of proxy/, and neither of them imports the other', () => {
    expect(existsSync(join(root, 'proxy', 'cli'))).toBe(false);
    expect(readFileSync(join(root, 'bin', 'mcpscope.js'), 'utf8')).toContain("'../dist/node/cli/main.js'");
    // `mcpscope start` runs the built proxy: the bin names each entry point, which import none of each other.
    expect(readFileSync(join(root, 'bin', 'mcpscope.js'), 'utf8')).toContain("'../dist/node/proxy/main.js'");
    expect(importsOf('proxy').filter(({ spec }) => /(^|\/)cli\//.test(spec))).toEqual([]);
    const cliOnProxy = importsOf('cli').filter(({ file, spec }) => !file.endsWith('.test.ts') && /(^|\/)proxy\//.test(spec));
    expect(cliOnProxy.map(({ file, spec }) => `${relative(root, file)}: ${spec}`)).toEqual([]);
  });

  // What the proxy and the CLI both drive lives in node/: the upstreams and the OAuth engine (its routes stay in proxy/).
  it('keeps the upstreams and the OAuth engine in node/', () => {
    expect(existsSync(join(root, 'proxy', 'upstream'))).toBe(false);
    expect(readdirSync(join(root, 'proxy', 'auth')).filter((f) => !/^routes(\.test)?\.ts$/.test(f))).toEqual([]);
    expect(existsSync(join(root, 'node', 'upstream', 'stdio.ts'))).toBe(true);
    expect(existsSync(join(root, 'node', 'auth', 'authorizer.ts'))).toBe(true);
  });

  it('lets options/ import neither proxy/, cli/ nor node/', () => {
    expect(importsOf('options').filter(({ spec }) => /(^|\/)(proxy|cli|node)\//.test(spec))).toEqual([]);
  });

  // node/ is what every entry point shares (config files, …): it sits between them and src/protocol.
  it('lets node/ import only node/, src/protocol and options/, and never an entry point', () => {
    const allowed = ['node', 'src/protocol', 'options'].map((d) => join(root, d) + '/');
    const offenders = importsOf('node')
      .filter(({ file, spec }) => spec.startsWith('.') && !file.endsWith('.test.ts'))
      .filter(({ file, spec }) => !allowed.some((dir) => resolve(dirname(file), spec).startsWith(dir)))
      .map(({ file, spec }) => `${relative(root, file)}: ${spec}`);
    expect(offenders).toEqual([]);
    expect(importsOf('node').filter(({ spec }) => /(^|\/)(proxy|cli|wrap)\//.test(spec))).toEqual([]);
  });

  // wrap/ is the fourth entry point: on options/, node/ and src/protocol, beside the proxy and the CLI, not on them.
  it('keeps wrap/ off proxy/ and cli/, and them off wrap/', () => {
    expect(readFileSync(join(root, 'bin', 'mcpscope.js'), 'utf8')).toContain("'../dist/node/wrap/main.js'");
    expect(importsOf('wrap').filter(({ spec }) => /(^|\/)(proxy|cli)\//.test(spec))).toEqual([]);
    expect([...importsOf('proxy'), ...importsOf('cli')].filter(({ spec }) => /(^|\/)wrap\//.test(spec))).toEqual([]);
  });
});

// Dead code: an export nothing uses, or a re-export nothing imports through.
describe('no dead exports', () => {
  const root = new URL('../', import.meta.url).pathname;
  const scripts = (dir: string): string[] =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.m?js$/.test(f))
      .map((f) => join(root, dir, f));
  const dirs = ['src', 'proxy', 'cli', 'wrap', 'node', 'options', 'examples', 'test', 'e2e', 'bench', 'scripts'];
  const everything = dirs.flatMap((dir) => [...sources(join(root, dir), true), ...scripts(dir)]);
  const texts = new Map(everything.map((file) => [file, readFileSync(file, 'utf8')]));
  const uses = (name: string): number => [...texts.values()].reduce((n, text) => n + (text.match(new RegExp(`\\b${name}\\b`, 'g'))?.length ?? 0), 0);

  it('has no function, constant or class in src/protocol, proxy/, cli/, node/ or options/ that nothing names', () => {
    const unused: string[] = [];
    for (const dir of ['src/protocol', 'proxy', 'cli', 'wrap', 'node', 'options']) {
      for (const file of sources(join(root, dir))) {
        const declarations = /^export\s+(?:async\s+)?(?:function|const|class|let)\s+(\w+)/gm;
        for (const m of texts.get(file)!.matchAll(declarations)) if (uses(m[1]!) <= 1) unused.push(`${file.slice(root.length)}: ${m[1]}`);
      }
    }
    expect(unused).toEqual([]);
  });

  it('re-exports nothing from proxy/, cli/, node/ or options/ that no importer takes', () => {
    const stale: string[] = [];
    for (const dir of ['proxy', 'cli', 'wrap', 'node', 'options']) {
      for (const file of sources(join(root, dir))) {
        const target = file.replace(/\.ts$/, '.js');
        const importers = [...texts]
          .filter(([other, text]) => [...text.matchAll(/from\s+['"](\.[^'"]+)['"]/g)].some((m) => resolve(dirname(other), m[1]!) === target))
          .map(([, text]) => text);
        for (const m of texts.get(file)!.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}\s*from/g)) {
          for (const name of m[1]!.split(',').map((n) =>
            n
              .trim()
              .replace(/^type\s+/, '')
              .split(/\s+as\s+/)
              .pop()!,
          )) {
            if (name && !importers.some((text) => new RegExp(`\\b${name}\\b`).test(text))) stale.push(`${file.slice(root.length)}: ${name}`);
          }
        }
      }
    }
    expect(stale).toEqual([]);
  });
});
