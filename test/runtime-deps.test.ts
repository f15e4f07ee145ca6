import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { importsOf, packageOf, readPackage, runtimeDependencyProblems, shippedScripts } from '../scripts/runtime-deps.mjs';

// `npm install -g` of the package installs its "dependencies" only: what the built
// files import must be there, and nothing else. Read on what `npm run build` wrote
// (`npm test` builds first).
const root = fileURLToPath(new URL('../', import.meta.url));

describe('the run-time dependencies', () => {
  it('are exactly the packages the shipped scripts import', () => {
    if (!existsSync(join(root, 'dist', 'node'))) throw new Error('Build first: npm run build (dist/node is missing).');
    const pkg = readPackage(root);
    const files = shippedScripts(root, pkg);
    expect(files).toContain(join(root, 'bin', 'mcpscope.js'));
    expect(files).toContain(join(root, 'dist', 'node', 'proxy', 'main.js'));
    expect(files).toContain(join(root, 'dist', 'node', 'examples', 'servers', 'modern-demo-server.js'));
    expect(runtimeDependencyProblems(root, pkg, files)).toEqual([]);
  });

  it('name the package of a bare specifier, and none for a path or a builtin', () => {
    expect(
      ['ajv/dist/2020.js', '@modelcontextprotocol/sdk/types.js', 'ws', 'node:fs', 'fs', './a.js', '/x.js', 'data:text/javascript,1'].map(packageOf),
    ).toEqual(['ajv', '@modelcontextprotocol/sdk', 'ws', undefined, undefined, undefined, undefined, undefined]);
  });

  it('read static imports, re-exports, import() and require(), but not words in strings', () => {
    const text = [
      "import a from 'a';",
      "export { b } from '@s/b/sub.js';",
      "const c = await import('c');",
      "const d = require('d');",
      "const text = 'this is not an import from here';",
      "if (x || route.id === 'from') {}",
    ].join('\n');
    expect(importsOf(text).sort()).toEqual(['@s/b/sub.js', 'a', 'c', 'd']);
  });
});

describe('runtimeDependencyProblems', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  function tree(files: Record<string, string>): string {
    dir = mkdtempSync(join(tmpdir(), 'mcpscope-deps-'));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    return dir;
  }

  it('says which devDependency a node file imports, and which dependency nothing imports', () => {
    const at = tree({
      'dist/node/a.js': "import { createElement } from 'react';\nimport ws from 'ws';\n",
      'bin/x.js': "import 'node:fs';\n",
      'dist/ui/app.js': '',
    });
    const pkg = { files: ['dist/node', 'dist/ui'], bin: { x: 'bin/x.js' }, dependencies: { ws: '8.0.0', zod: '4.0.0' }, devDependencies: { react: '19.0.0' } };
    expect(runtimeDependencyProblems(at, pkg)).toEqual([
      'react is imported at run time (dist/node/a.js) but is a devDependency: move it to "dependencies".',
      'zod is in "dependencies" but nothing the package ships imports it: move it to "devDependencies".',
    ]);
  });

  it('reads only what `files` and `bin` ship', () => {
    const at = tree({ 'dist/node/a.js': "import ws from 'ws';\n", 'scripts/dev.mjs': "import 'vite';\n", 'bin/x.js': '' });
    expect(runtimeDependencyProblems(at, { files: ['dist/node', '!dist/node/**/*.map'], bin: { x: 'bin/x.js' }, dependencies: { ws: '8.0.0' } })).toEqual([]);
  });
});
