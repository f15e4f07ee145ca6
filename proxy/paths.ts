// Where things are on disk. The proxy runs compiled (dist/node/proxy/) and,
// in tests, from source (proxy/): find the package root by walking up.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DemoServer } from '../options/table.js';

function findPackageRoot(start: string): string {
  let dir = start;
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return start;
    dir = parent;
  }
}

export const packageRoot = findPackageRoot(dirname(fileURLToPath(import.meta.url)));
/** The built UI; MCPSCOPE_UI_DIR points elsewhere (parallel test runs build their own). */
export const uiDir = process.env.MCPSCOPE_UI_DIR || join(packageRoot, 'dist', 'ui');
export const demoServerPath = join(packageRoot, 'dist', 'node', 'examples', 'servers', 'demo-server.js');
export const modernDemoServerPath = join(packageRoot, 'dist', 'node', 'examples', 'servers', 'modern-demo-server.js');
/** `--demo oauth`: plain JavaScript, run from the source tree (tsc builds only .ts). */
export const oauthDemoServerPath = join(packageRoot, 'examples', 'servers', 'oauth-demo-server.mjs');

/** A stdio demo server as a command: this Node binary running the built script (the 2025-era demo unless asked). */
export function demoServerCommand(which: DemoServer = 'legacy'): { command: string; args: string[] } {
  return { command: process.execPath, args: [which === 'modern' ? modernDemoServerPath : demoServerPath] };
}

export function packageVersion(): string {
  try {
    const pkg: unknown = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8'));
    if (typeof pkg === 'object' && pkg !== null && 'version' in pkg && typeof pkg.version === 'string') return pkg.version;
  } catch {
    // fall through
  }
  return '0.0.0';
}
