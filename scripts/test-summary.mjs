// Prints one closing line, "tests: N passed, N failed", from the JSON reports
// that vitest, Playwright and the conformance runner write under reports/.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
let expected = 0; // conformance scenarios in the baseline of known failures

if (existsSync('reports/unit.json')) {
  const r = JSON.parse(readFileSync('reports/unit.json', 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}
if (existsSync('reports/e2e.json')) {
  const r = JSON.parse(readFileSync('reports/e2e.json', 'utf8'));
  passed += r.stats?.expected ?? 0;
  failed += (r.stats?.unexpected ?? 0) + (r.stats?.flaky ?? 0);
  skipped += r.stats?.skipped ?? 0;
}
if (existsSync('reports/conformance.json')) {
  const r = JSON.parse(readFileSync('reports/conformance.json', 'utf8'));
  passed += r.passed ?? 0;
  failed += r.failed ?? 0;
  expected += r.expected ?? 0;
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped${expected ? ` (and ${expected} known conformance failures, baselined)` : ''}`);
