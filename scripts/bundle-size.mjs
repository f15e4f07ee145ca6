// `npm run bundle-size`: builds the UI (into dist/ui, as `npm run build:ui`
// does) and prints the gzip size of the first screen's JavaScript against its
// budget, what it is made of (by package and by folder of our own), and the
// chunks that load on demand. Exits 1 when the first screen is over budget.
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { FIRST_SCREEN_BUDGET, firstScreenSize } from './first-screen.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const TOP = Number(process.argv[2] ?? 25);

/** Who a module belongs to: its npm package, or its folder under src/ (two levels deep). */
function owner(id) {
  const path = id.replace(/\\/g, '/').replace(/\?.*$/, '');
  const nm = path.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const [scope, name] = path.slice(nm + '/node_modules/'.length).split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  const src = path.indexOf('/src/');
  if (src >= 0)
    return path
      .slice(src + 1)
      .split('/')
      .slice(0, 4)
      .join('/')
      .replace(/\.[jt]sx?$/, '');
  return path.startsWith('\0') ? '(bundler runtime)' : path;
}

/** Rendered code of every module, per chunk file, caught as the bundle is written. */
const chunks = new Map();
const collect = {
  name: 'mcpscope-bundle-size',
  generateBundle(_options, bundle) {
    for (const out of Object.values(bundle)) {
      if (out.type !== 'chunk') continue;
      chunks.set(
        out.fileName,
        Object.entries(out.modules).map(([id, m]) => ({ id, code: m.code ?? '' })),
      );
    }
  },
};

await build({ root, configFile: `${root}vite.config.ts`, logLevel: 'warn', plugins: [collect] });

const kb = (n) => `${(n / 1000).toFixed(1)} kB`;
const first = firstScreenSize(`${root}dist/ui`);
const verdict = first.gzip <= FIRST_SCREEN_BUDGET ? 'within' : 'OVER';
console.log(`First screen JavaScript: ${kb(first.gzip)} gzip (${kb(first.bytes)} minified), ${verdict} the budget of ${kb(FIRST_SCREEN_BUDGET)} gzip`);
for (const f of first.files) console.log(`  ${f.file}  ${kb(f.bytes)}, gzip ${kb(f.gzip)}`);

// Contributors: each owner's code before minification, and that code gzipped on its own
// (an estimate: gzip over the whole chunk shares dictionaries between owners).
const firstFiles = first.files.map((f) => f.file);
const byOwner = new Map();
for (const file of firstFiles) {
  for (const m of chunks.get(file) ?? []) {
    const o = owner(m.id);
    byOwner.set(o, `${byOwner.get(o) ?? ''}${m.code}\n`);
  }
}
const ranked = [...byOwner].map(([name, code]) => ({ name, bytes: Buffer.byteLength(code), gzip: gzipSync(code).length })).sort((a, b) => b.gzip - a.gzip);
console.log(`\nTop ${Math.min(TOP, ranked.length)} of ${ranked.length} contributors to the first screen (unminified, gzip of each alone):`);
for (const r of ranked.slice(0, TOP)) console.log(`  ${kb(r.gzip).padStart(9)} gzip  ${kb(r.bytes).padStart(9)}  ${r.name}`);

const later = [...chunks.keys()].filter((file) => !firstFiles.includes(file)).sort();
console.log(`\nLoaded on demand (${later.length} chunks):`);
for (const file of later) {
  const owners = [...new Set((chunks.get(file) ?? []).map((m) => owner(m.id)))];
  console.log(`  ${file}: ${owners.slice(0, 6).join(', ')}${owners.length > 6 ? `, … (${owners.length} in all)` : ''}`);
}

if (first.gzip > FIRST_SCREEN_BUDGET) process.exitCode = 1;
