// The JavaScript of the first screen: what the page loads before the person
// does anything — the entry chunk of the built UI and every chunk it imports
// statically (chunks behind import() load later, on demand). Read from Vite's
// manifest (dist/ui/.vite/manifest.json); shared by `npm run bundle-size` and
// test/first-screen-size.test.ts.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The budget the issue set for the first screen, in gzip bytes (kB as Vite prints them: 1,000 bytes). */
export const FIRST_SCREEN_BUDGET = 275_000;

export const MANIFEST = '.vite/manifest.json';

/** Classic scripts index.html loads from public/ before the app (the theme, applied before first paint). */
export const BOOT_SCRIPTS = ['theme-boot.js'];

/** Files of the entry chunk and its static imports, entry first; `manifest` is Vite's manifest object. */
export function firstScreenFiles(manifest) {
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entries.length !== 1) throw new Error(`the manifest names ${entries.length} entry chunks; expected one (index.html)`);
  return chunkFiles(manifest, entries[0]);
}

/** The files of the chunk built from `key` and of every chunk it imports statically, in load order. */
export function chunkFiles(manifest, key) {
  const seen = new Set();
  const files = [];
  const visit = (at) => {
    if (seen.has(at)) return;
    seen.add(at);
    const chunk = manifest[at];
    if (!chunk) throw new Error(`the manifest imports "${at}" but has no such chunk`);
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return files;
}

/** Raw and gzip bytes of each first-screen file of the UI built in `uiDir` (the boot scripts too), and their sums. */
export function firstScreenSize(uiDir) {
  const manifestPath = join(uiDir, MANIFEST);
  if (!existsSync(manifestPath)) {
    throw new Error(`${manifestPath} is missing: build the UI with "npm run build:ui" (vite.config.ts writes the manifest)`);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const files = [...BOOT_SCRIPTS, ...firstScreenFiles(manifest)].map((file) => {
    const code = readFileSync(join(uiDir, file));
    return { file, bytes: code.length, gzip: gzipSync(code).length };
  });
  return {
    files,
    bytes: files.reduce((n, f) => n + f.bytes, 0),
    gzip: files.reduce((n, f) => n + f.gzip, 0),
  };
}
