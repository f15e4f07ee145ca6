#!/usr/bin/env node
// `mcpscope …`, installed or from a clone once built (npm run build): the
// headless CLI, `mcpscope wrap …` (the passthrough a host's config names) or
// `mcpscope start …` (the inspector page, as `npm start` runs it, without the build).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const [first, ...rest] = process.argv.slice(2);
const ENTRIES = {
  wrap: { file: '../dist/node/wrap/main.js', what: 'wrap' },
  start: { file: '../dist/node/proxy/main.js', what: 'the proxy' },
  cli: { file: '../dist/node/cli/main.js', what: 'the CLI' },
};
const program = first === 'wrap' || first === 'start' ? first : 'cli';
const entry = fileURLToPath(new URL(ENTRIES[program].file, import.meta.url));
if (!existsSync(entry)) {
  process.stderr.write(`mcpscope: ${ENTRIES[program].what} is not built yet. Run "npm run build" (or "npm run build:node") first.\n`);
  process.exit(1);
}

if (program === 'start') {
  // The proxy serves the page that `npm run build` (or the package) holds; MCPSCOPE_UI_DIR points elsewhere, as for the proxy.
  const page = join(process.env.MCPSCOPE_UI_DIR || fileURLToPath(new URL('../dist/ui/', import.meta.url)), 'index.html');
  if (!existsSync(page)) {
    process.stderr.write(`mcpscope start: the page is not built (${page} is missing). Run "npm run build" in the clone, or reinstall the package.\n`);
    process.exit(1);
  }
}

const { main } = await import(entry);
if (program === 'wrap') {
  // The passthrough ends the process as its server ended (exit code or signal).
  await main(rest).catch((err) => {
    process.stderr.write(`mcpscope wrap: unexpected failure: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  });
} else if (program === 'start') {
  // The proxy serves until a signal stops it; it returns a code only when it does not start.
  const code = await main(rest).catch((err) => {
    process.stderr.write(`mcpscope start: unexpected failure: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    return 1;
  });
  if (code !== undefined) process.exit(code);
} else process.exit(await main(process.argv.slice(2)));
