// The JUnit reporter against the JUnit XSD, with whatever a server may have
// put in a failure's text; and the checker itself, shown to refuse what the
// XSD does not allow.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkAgainstXsd } from '../../test/fixtures/xsd-check.js';
import type { RunReport } from './report.js';
import { junitXml } from './report-junit.js';

const xsd = readFileSync(new URL('../../test/fixtures/junit.xsd', import.meta.url), 'utf8');

const run: RunReport = {
  durationMs: 1234.6,
  files: [
    {
      file: 'tests/a.test.yaml',
      name: 'a <&> "b"',
      server: 'srv 1.0, protocol 2025-11-25',
      startedAt: '2026-12-02T01:02:03.456Z',
      durationMs: 1000,
      steps: [
        { name: 'call echo', status: 'passed', durationMs: 3.2, failures: [], notes: [] },
        {
          name: 'call x]]>',
          status: 'failed',
          durationMs: 1,
          failures: ['text.contains: "\u0000\u001b[31mred" is not in <the> text & more', 'second'],
          notes: [],
        },
        { name: 'ping', status: 'skipped', durationMs: 0, failures: [], notes: ['not matched by --filter'] },
      ],
    },
    {
      file: 'tests/b.test.yaml',
      name: 'b',
      error: 'line 2: steps: is empty; write a list of at least one step.',
      startedAt: '2026-12-02T01:02:04Z',
      durationMs: 2,
      steps: [],
    },
  ],
};

describe('junitXml', () => {
  it('writes testsuites, a testsuite per file and a testcase per step, valid against the JUnit XSD', () => {
    const xml = junitXml(run);
    expect(checkAgainstXsd(xsd, xml)).toEqual([]);
    expect(xml).toContain('<testsuites name="mcpscope test" tests="4" failures="1" errors="1" skipped="1" time="1.235">');
    expect(xml).toContain(
      '<testsuite name="a &lt;&amp;&gt; &quot;b&quot;" tests="3" failures="1" errors="0" skipped="1" time="1.000" timestamp="2026-12-02T01:02:03" file="tests/a.test.yaml">',
    );
    // Control characters a server sent have no place in XML 1.0.
    expect(xml).toContain('<failure message="text.contains: &quot;\uFFFD\uFFFD[31mred&quot; is not in &lt;the&gt; text &amp; more" type="expectation">');
    expect(xml).toContain('<skipped message="not matched by --filter"/>');
    expect(xml).toContain('<error message="line 2: steps: is empty; write a list of at least one step." type="could-not-run">');
  });

  it('the checker refuses what the XSD does not allow', () => {
    const ok = '<testsuites><testsuite name="a" tests="1"><testcase name="x"/></testsuite></testsuites>';
    expect(checkAgainstXsd(xsd, ok)).toEqual([]);
    expect(checkAgainstXsd(xsd, '<testsuites><testsuite tests="1"/></testsuites>')).toEqual(['/testsuite[1]: <testsuite> lacks name']);
    expect(checkAgainstXsd(xsd, '<testsuites><testsuite name="a" tests="one"/></testsuites>')).toEqual([
      '/testsuite[1]: tests="one" is not an xs:nonNegativeInteger',
    ]);
    expect(checkAgainstXsd(xsd, '<testsuites><testcase name="x"/></testsuites>')[0]).toMatch(/<testcase> is not allowed there in <testsuites>/);
    expect(checkAgainstXsd(xsd, '<testsuites><testsuite name="a" tests="1"><testcase name="x"/><properties/></testsuite></testsuites>')[0]).toMatch(
      /<properties> is not allowed there/,
    );
    expect(checkAgainstXsd(xsd, '<testsuites><testsuite name="a" tests="1" timestamp="yesterday"/></testsuites>')).toEqual([
      '/testsuite[1]: timestamp="yesterday" is not an xs:dateTime',
    ]);
    expect(() => checkAgainstXsd(xsd, '<testsuites><testsuite name="a & b" tests="1"/></testsuites>')).toThrow(/bare "&"/);
  });
});
