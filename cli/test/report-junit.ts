// JUnit XML, as CI systems read it: <testsuites>, one <testsuite> per test
// file, one <testcase> per step with <failure>, <skipped>, or, for a file that
// could not run, one <testcase> with <error>. test/fixtures/junit.xsd is the
// shape it keeps to.

import { tally, type FileReport, type RunReport } from './report.js';

/** XML 1.0 has no place for most control characters, whatever a server sent: they become U+FFFD. */
function xmlText(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function attrs(pairs: Record<string, string | number | undefined>): string {
  return Object.entries(pairs)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${xmlText(String(v))}"`)
    .join('');
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);
/** xs:dateTime without a zone or fractions, which every JUnit reader takes. */
const timestamp = (iso: string) => iso.replace(/\.\d+Z$|Z$/, '');

function suite(f: FileReport): string[] {
  const t = tally([f]);
  const head = attrs({
    name: f.name,
    tests: f.error !== undefined ? 1 : f.steps.length,
    failures: t.failed,
    errors: t.errors,
    skipped: t.skipped,
    time: seconds(f.durationMs),
    timestamp: timestamp(f.startedAt),
    file: f.file,
  });
  const lines = [`  <testsuite${head}>`];
  if (f.server) lines.push('    <properties>', `      <property${attrs({ name: 'server', value: f.server })}/>`, '    </properties>');
  if (f.error !== undefined) {
    lines.push(`    <testcase${attrs({ name: 'could not run', classname: f.name, time: seconds(f.durationMs), file: f.file })}>`);
    lines.push(`      <error${attrs({ message: f.error, type: 'could-not-run' })}>${xmlText(f.error)}</error>`, '    </testcase>');
  }
  for (const s of f.steps) {
    const open = `    <testcase${attrs({ name: s.name, classname: f.name, time: seconds(s.durationMs), file: f.file })}`;
    if (s.status === 'passed') lines.push(`${open}/>`);
    else if (s.status === 'skipped') lines.push(`${open}>`, `      <skipped${attrs({ message: s.notes.join('; ') })}/>`, '    </testcase>');
    else {
      lines.push(
        `${open}>`,
        `      <failure${attrs({ message: s.failures[0] ?? 'failed', type: 'expectation' })}>${xmlText(s.failures.join('\n'))}</failure>`,
        '    </testcase>',
      );
    }
  }
  lines.push('  </testsuite>');
  return lines;
}

export function junitXml(run: RunReport): string {
  const t = tally(run.files);
  const tests = run.files.reduce((n, f) => n + (f.error !== undefined ? 1 : f.steps.length), 0);
  const head = attrs({ name: run.name ?? 'mcpscope test', tests, failures: t.failed, errors: t.errors, skipped: t.skipped, time: seconds(run.durationMs) });
  return ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites${head}>`, ...run.files.flatMap(suite), '</testsuites>', ''].join('\n');
}
