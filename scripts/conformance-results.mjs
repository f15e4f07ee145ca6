// What the conformance suite wrote under its output folder (-o): each scenario's
// checks, from `<scenario>-<timestamp>/checks.json`, by scenario name.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export function scenarioChecks(out) {
  const found = new Map();
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (!statSync(path).isDirectory()) continue;
      if (existsSync(join(path, 'checks.json'))) {
        const scenario = relative(out, path).replace(/-\d{4}-\d\d-\d\dT[\d-]+Z$/, '');
        found.set(scenario, JSON.parse(readFileSync(join(path, 'checks.json'), 'utf8')));
      } else walk(path);
    }
  };
  walk(out);
  return found;
}
