// TAP version 13: one test point per step ("file › step"), the reasons of a
// failure in a YAML block, skipped steps marked # SKIP.

import type { RunReport } from './report.js';

/** `#` starts a directive in TAP, so it is escaped in a description. */
const description = (text: string) => text.replace(/\\/g, '\\\\').replace(/#/g, '\\#').replace(/\n/g, ' ');

function yamlBlock(lines: readonly string[]): string[] {
  return ['  ---', '  failures:', ...lines.map((l) => `    - ${JSON.stringify(l)}`), '  ...'];
}

export function tapText(run: RunReport): string {
  const points: string[] = [];
  let n = 0;
  for (const f of run.files) {
    if (f.error !== undefined) {
      points.push(`not ok ${++n} - ${description(`${f.file} › could not run`)}`, ...yamlBlock([f.error]));
      continue;
    }
    for (const s of f.steps) {
      const name = description(`${f.file} › ${s.name}`);
      if (s.status === 'skipped') points.push(`ok ${++n} - ${name} # SKIP ${description(s.notes.join('; '))}`);
      else if (s.status === 'passed') points.push(`ok ${++n} - ${name}`);
      else points.push(`not ok ${++n} - ${name}`, ...yamlBlock(s.failures));
    }
  }
  return ['TAP version 13', `1..${n}`, ...points, ''].join('\n');
}
