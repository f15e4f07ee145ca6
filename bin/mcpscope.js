#!/usr/bin/env node
// `npx mcpscope …` from the repo: the headless CLI, once built (npm run build).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../dist/node/cli/main.js', import.meta.url));
if (!existsSync(cli)) {
  process.stderr.write('mcpscope: the CLI is not built yet. Run "npm run build" (or "npm run build:node") first.\n');
  process.exit(1);
}
const { main } = await import(cli);
process.exit(await main(process.argv.slice(2)));
