// `mcpscope test --from CAPTURE FILE`: the capture made into the test FILE,
// never over a file that is there already.

import { existsSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseLogFile, plural, testFromCapture } from '../../src/protocol/index.js';
import type { Checked } from '../../options/values.js';
import { readTextFile } from './files.js';

/** What was written, as lines to print; or why nothing was. */
export function writeTestFromCapture(capture: string, file: string): Checked<string[]> {
  if (!/\.ya?ml$/i.test(file)) return { ok: false, error: `${file}: a test file's name ends in .yaml or .yml.` };
  if (existsSync(file)) return { ok: false, error: `${file} is there already: give a new file name (nothing was written).` };
  const text = readTextFile(capture);
  if (!text.ok) return text;
  const log = parseLogFile(text.value);
  if (!log.ok) return { ok: false, error: `${capture}: ${log.error}` };
  const made = testFromCapture(log.header, log.records, basename(file).replace(/\.ya?ml$/i, ''));
  if (!made.ok) return { ok: false, error: `${capture}: ${made.error}` };
  writeFileSync(file, made.value.yaml, { flag: 'wx' });
  const skipped = log.problems.map((p) => `line ${p.line} of ${capture} was not read: ${p.message}`);
  return {
    ok: true,
    value: [
      `Wrote ${plural(made.value.steps, 'step')} to ${file}, each with the result it recorded as its match.`,
      ...skipped,
      ...made.value.notes,
      `Run it: mcpscope test ${file}`,
    ],
  };
}
