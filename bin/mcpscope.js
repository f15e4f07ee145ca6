#!/usr/bin/env node
// `npx mcpscope …` from the repo: the headless CLI, or `mcpscope wrap …` (the
// stdio passthrough), once built (npm run build).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const [first, ...rest] = process.argv.slice(2);
const wrapping = first === 'wrap';
const entry = fileURLToPath(new URL(wrapping ? '../dist/node/wrap/main.js' : '../dist/node/cli/main.js', import.meta.url));
if (!existsSync(entry)) {
  process.stderr.write(`mcpscope: ${wrapping ? 'wrap' : 'the CLI'} is not built yet. Run "npm run build" (or "npm run build:node") first.\n`);
  process.exit(1);
}
const { main } = await import(entry);
if (wrapping) {
  // The passthrough ends the process as its server ended (exit code or signal).
  await main(rest).catch((err) => {
    process.stderr.write(`mcpscope wrap: unexpected failure: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  });
} else process.exit(await main(process.argv.slice(2)));
