// `npm pack`'s prepack: a fresh build, so that no file of an earlier build
// (a module since moved or deleted) ends up in the package.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildNode, buildUi, root } from './build-steps.mjs';

rmSync(join(root, 'dist', 'node'), { recursive: true, force: true });
buildNode();
buildUi(); // Vite empties dist/ui itself
