// `mcpscope check` against tool schemas built to hang or crash a checker: it
// finishes promptly, gets the verdicts right, and says what it did not check.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { main } from './main.js';

const hostile = fileURLToPath(new URL('../test/fixtures/hostile-schemas.mjs', import.meta.url));

async function check(...extra: string[]): Promise<{ code: number; out: string; ms: number }> {
  const out: string[] = [];
  const started = performance.now();
  const code = await main(['--stdio', `${JSON.stringify(process.execPath)} ${JSON.stringify(hostile)}`, ...extra, 'check'], {
    out: (l) => out.push(l),
    err: (l) => out.push(l),
  });
  return { code, out: out.join('\n'), ms: performance.now() - started };
}

describe('mcpscope check with hostile tool schemas', () => {
  it('finishes promptly, fails the exponential outputSchema pattern correctly, and names what it left unchecked', async () => {
    const r = await check('--json');
    console.log(`check on hostile schemas: ${r.ms.toFixed(0)} ms`);
    // The checks themselves take milliseconds; the rest is the server and the probes' fixed waits.
    expect(r.ms).toBeLessThan(8000);
    const report = JSON.parse(r.out) as {
      steps: Array<{ name: string; status: string; detail: string }>;
      findings: Array<{ rule: string; severity: string; message: string }>;
    };
    expect(report.steps.find((s) => s.name === 'tools/call evil_output (outputSchema)')).toMatchObject({
      status: 'fail',
      detail: 'Tool evil_output: structuredContent does not match its outputSchema: /word: must match pattern "^(a+)+$"',
    });
    expect(report.findings.filter((f) => f.rule === 'TOOL-SCHEMA-SAFE').map((f) => f.message)).toEqual([
      'Tool lookahead_pattern: inputSchema /properties/code: pattern "^(?=[A-Z])[A-Z0-9]{3}$" uses features that cannot be checked safely (such as lookaround or backreferences); not checked.',
      'Tool deep_schema: inputSchema nests more than 128 levels deep; mcpscope neither renders nor checks it.',
    ]);
  });

  it('prints the not-checked pattern as a line of its text report', async () => {
    const r = await check();
    expect(r.out).toContain('pattern "^(?=[A-Z])[A-Z0-9]{3}$" uses features that cannot be checked safely');
  });
});
