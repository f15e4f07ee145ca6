// `mcpscope check --reporter junit|tap|json`: the check as CI reads test runs,
// JUnit valid against the JUnit XSD, a failed step a <failure>.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cli, demoTarget, node, requireBuiltDemo } from '../../test/fixtures/cli-helpers.js';
import { checkAgainstXsd } from '../../test/fixtures/xsd-check.js';

const xsd = readFileSync(new URL('../../test/fixtures/junit.xsd', import.meta.url), 'utf8');
const bad = fileURLToPath(new URL('../../test/fixtures/bad-server.mjs', import.meta.url));

requireBuiltDemo();

describe('mcpscope check --reporter', { timeout: 60_000 }, () => {
  it('junit: a suite per generation checked, a case per step and one for the lint findings', async () => {
    const r = await cli(...demoTarget, 'check', '--reporter', 'junit');
    expect(r.code).toBe(0);
    expect(checkAgainstXsd(xsd, r.out)).toEqual([]);
    expect(r.out).toMatch(/<testsuites name="mcpscope check" tests="\d+" failures="0" errors="0"/);
    expect(r.out).toContain('<testsuite name="check legacy (protocol 2025-11-25)"');
    expect(r.out).toContain('<testcase name="lint findings about the server"');
  });

  it('junit and tap: a failing step is a failure with its detail; json is --json', async () => {
    const target = ['--stdio', `${node} ${JSON.stringify(bad)} --mode pong`];
    const junit = await cli(...target, 'check', '--reporter', 'junit');
    expect(junit.code).toBe(1);
    expect(checkAgainstXsd(xsd, junit.out)).toEqual([]);
    expect(junit.out).toMatch(/<testcase name="ping"[^>]*>\n\s+<failure message="[^"]+" type="expectation">/);
    const tap = await cli(...target, 'check', '--reporter', 'tap');
    expect(tap.out).toMatch(/^TAP version 13\n1\.\.\d+\n/);
    expect(tap.out).toContain('not ok 2 - mcpscope check › ping');
    const json = await cli(...target, 'check', '--reporter', 'json');
    expect(JSON.parse(json.out)).toMatchObject({ ok: false, steps: expect.any(Array) });
    expect((await cli(...demoTarget, 'ping', '--reporter', 'junit')).err).toContain('--reporter goes with test, check or eval, not with ping.');
  });
});
