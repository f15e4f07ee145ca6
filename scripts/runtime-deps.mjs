// What the package runs needs only its `dependencies`: every package that a
// shipped script (package.json `files`: dist/node, bin, the OAuth demo…)
// imports must be one of them, and each of them must be imported by one. The
// UI is bundled by Vite, so React and the rest stay devDependencies. Run by
// test/runtime-deps.test.ts on the build, and by test:pack on the installed package.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join, relative } from 'node:path';
import ts from 'typescript';

const SCRIPT = /\.(m|c)?js$/;

/** The package a bare specifier names: `ajv/dist/2020.js` → `ajv`, `@scope/pkg/sub` → `@scope/pkg`; undefined for a path or a builtin. */
export function packageOf(specifier) {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('#') || isBuiltin(specifier)) return undefined;
  if (/^[a-z][a-z0-9+.-]*:/i.test(specifier)) return undefined; // a URL (data:, file:)
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Every module a script imports: static, re-exported, import() with a literal, require(). */
export function importsOf(text) {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

function scriptsUnder(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return SCRIPT.test(path) ? [path] : [];
  return readdirSync(path, { recursive: true, encoding: 'utf8' })
    .filter((f) => SCRIPT.test(f))
    .map((f) => join(path, f));
}

/** The scripts the package ships: those under each entry of `files` (plain paths, no globs) and the bins. */
export function shippedScripts(root, pkg) {
  const entries = [...(pkg.files ?? []).filter((f) => !f.startsWith('!')), ...Object.values(pkg.bin ?? {})];
  return [...new Set(entries.flatMap((entry) => scriptsUnder(join(root, entry))))].sort();
}

/**
 * What is wrong with `dependencies` for these scripts: a package imported but not a dependency (with the
 * files that import it), or a dependency that nothing imports.
 */
export function runtimeDependencyProblems(root, pkg, files = shippedScripts(root, pkg)) {
  const importers = new Map();
  for (const file of files) {
    for (const spec of importsOf(readFileSync(file, 'utf8'))) {
      const name = packageOf(spec);
      if (name === undefined || name === pkg.name) continue;
      importers.set(name, [...(importers.get(name) ?? []), relative(root, file)]);
    }
  }
  const dependencies = new Set(Object.keys(pkg.dependencies ?? {}));
  const problems = [];
  for (const [name, by] of [...importers].sort(([a], [b]) => a.localeCompare(b))) {
    if (dependencies.has(name)) continue;
    const where = pkg.devDependencies?.[name] !== undefined ? 'a devDependency' : 'not a dependency';
    problems.push(`${name} is imported at run time (${by.slice(0, 3).join(', ')}${by.length > 3 ? ', …' : ''}) but is ${where}: move it to "dependencies".`);
  }
  for (const name of [...dependencies].sort()) {
    if (!importers.has(name)) problems.push(`${name} is in "dependencies" but nothing the package ships imports it: move it to "devDependencies".`);
  }
  return problems;
}

export function readPackage(root) {
  return JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
}
