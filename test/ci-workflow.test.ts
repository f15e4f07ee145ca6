// The GitHub Actions workflow docs/testing.md shows, made true without Actions: its YAML has a workflow's
// shape, and each `run:` of the mcpscope steps is run as Actions runs it (bash -e, in the repository's
// folder) in a scratch repository whose server is the demo — their exit codes, and the JUnit files they
// write validated against the JUnit XSD. `check --reporter json` likewise.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { isRecord } from '../src/protocol/index.js';
import { demo, everything, requireBuiltDemo } from './fixtures/cli-helpers.js';
import { checkAgainstXsd } from './fixtures/xsd-check.js';

const doc = readFileSync(new URL('../docs/testing.md', import.meta.url), 'utf8');
const block = [...doc.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]!).find((y) => y.includes('jobs:'));
const xsd = readFileSync(new URL('./fixtures/junit.xsd', import.meta.url), 'utf8');
const bin = fileURLToPath(new URL('../bin/mcpscope.js', import.meta.url));

/** What is wrong with a workflow's shape (jobs, runs-on, steps each a `uses` or a `run`), as sentences. */
function workflowProblems(workflow: unknown): string[] {
  if (!isRecord(workflow)) return ['the workflow is not a mapping'];
  const out: string[] = [];
  if (typeof workflow.name !== 'string') out.push('no name');
  if (workflow.on === undefined) out.push('no on: (the events that run it)');
  if (!isRecord(workflow.jobs) || Object.keys(workflow.jobs).length === 0) return [...out, 'no jobs'];
  for (const [id, job] of Object.entries(workflow.jobs)) {
    if (!isRecord(job)) {
      out.push(`jobs.${id} is not a mapping`);
      continue;
    }
    if (typeof job['runs-on'] !== 'string') out.push(`jobs.${id} has no runs-on`);
    if (!Array.isArray(job.steps) || job.steps.length === 0) {
      out.push(`jobs.${id} has no steps`);
      continue;
    }
    job.steps.forEach((step: unknown, i) => {
      const at = `jobs.${id}.steps[${i}]`;
      if (!isRecord(step)) return out.push(`${at} is not a mapping`);
      const stray = Object.keys(step).filter((k) => !['name', 'if', 'uses', 'with', 'run', 'env', 'shell', 'id', 'working-directory'].includes(k));
      if (stray.length) out.push(`${at} has ${stray.join(', ')}`);
      if ((step.uses === undefined) === (step.run === undefined)) out.push(`${at} needs one of uses and run`);
      if (step.uses !== undefined && (typeof step.uses !== 'string' || !/^[\w.-]+\/[\w./-]+@[\w.-]+$/.test(step.uses)))
        out.push(`${at}.uses is not owner/repo@ref`);
      if (step.run !== undefined && typeof step.run !== 'string') out.push(`${at}.run is not a command`);
      if (step.with !== undefined && (step.uses === undefined || !isRecord(step.with))) out.push(`${at}.with goes with uses, as a mapping`);
      return undefined;
    });
  }
  return out;
}

interface Step {
  name?: string;
  run?: string;
}
const workflow = parse(block ?? '') as { jobs: Record<string, { steps: Step[] }> };
const steps = Object.values(workflow.jobs ?? {}).flatMap((j) => j.steps);
const named = (name: string) => steps.find((s) => s.name === name)?.run;

/**
 * A server's repository after `npm ci && npm run build`: its server at dist/index.js (the demo), a test
 * file in tests/, mcpscope on the PATH; and the base branch's build beside it in ../base.
 */
const scratch = mkdtempSync(join(tmpdir(), 'mcpscope-ci-'));
const repo = join(scratch, 'repo');
for (const dir of [join(repo, 'dist'), join(repo, 'tests'), join(scratch, 'base', 'dist'), join(scratch, 'bin')]) mkdirSync(dir, { recursive: true });
const server = `import ${JSON.stringify(demo)};\n`;
writeFileSync(join(repo, 'dist', 'index.js'), server);
writeFileSync(join(scratch, 'base', 'dist', 'index.js'), server);
writeFileSync(
  join(repo, 'tests', 'demo.test.yaml'),
  'server:\n  command: node\n  args: [dist/index.js]\n  cwd: ..\nsteps:\n  - list: tools\n    expect: { match: { tools: [{ name: add }] } }\n  - call: add\n    arguments: { a: 2, b: 3 }\n    expect: { isError: false, text: { contains: "5" } }\n  - ping: 3\n',
);
const shim = join(scratch, 'bin', 'mcpscope');
writeFileSync(shim, `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(bin)} "$@"\n`);
chmodSync(shim, 0o755);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A step's run as Actions runs it: bash -e, in the repository; its exit code and stderr. */
function runStep(script: string): { code: number; err: string } {
  try {
    execFileSync('bash', ['-e', '-c', script], {
      cwd: repo,
      env: { ...process.env, PATH: `${join(scratch, 'bin')}:${process.env.PATH ?? ''}` },
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
    });
    return { code: 0, err: '' };
  } catch (e) {
    const failed = e as { status: number | null; stderr: string };
    return { code: failed.status ?? -1, err: failed.stderr };
  }
}

function junitProblems(file: string): string[] {
  const path = join(repo, file);
  return existsSync(path) ? checkAgainstXsd(xsd, readFileSync(path, 'utf8')) : [`${file} was not written`];
}

requireBuiltDemo();

describe('the CI workflow of docs/testing.md', { timeout: 120_000 }, () => {
  it('is one YAML block with a workflow’s shape', () => {
    expect(block).toBeDefined();
    expect(workflowProblems(workflow)).toEqual([]);
    expect(steps.filter((s) => s.run?.includes('mcpscope ')).map((s) => s.name)).toEqual(['Compliance', 'Tests', 'Interface diff against the base branch']);
  });

  it('refuses the shapes a workflow cannot have', () => {
    expect(workflowProblems({ name: 'x', on: 'push', jobs: { a: { steps: [{ uses: 'x', run: 'y' }, { with: {} }, { run: 'ok', with: { a: 1 } }] } } })).toEqual(
      [
        'jobs.a has no runs-on',
        'jobs.a.steps[0] needs one of uses and run',
        'jobs.a.steps[0].uses is not owner/repo@ref',
        'jobs.a.steps[1] needs one of uses and run',
        'jobs.a.steps[1].with goes with uses, as a mapping',
        'jobs.a.steps[2].with goes with uses, as a mapping',
      ],
    );
  });

  it('Compliance: check --reporter junit exits 0 and writes JUnit that validates', () => {
    const r = runStep(named('Compliance')!);
    expect(r.code, r.err).toBe(0);
    expect(junitProblems('mcpscope-check.xml')).toEqual([]);
    expect(readFileSync(join(repo, 'mcpscope-check.xml'), 'utf8')).toMatch(/<testsuites [^>]*failures="0"/);
  });

  it('Tests: test --reporter junit exits 0 and writes JUnit that validates', () => {
    const r = runStep(named('Tests')!);
    expect(r.code, r.err).toBe(0);
    expect(junitProblems('mcpscope-test.xml')).toEqual([]);
    expect(readFileSync(join(repo, 'mcpscope-test.xml'), 'utf8')).toMatch(/<testsuites name="mcpscope test" tests="3" failures="0" errors="0"/);
  });

  it('Interface diff: exits 0 for the same server, 1 when the pull request breaks the interface', () => {
    const script = named('Interface diff against the base branch')!;
    expect(runStep(script)).toMatchObject({ code: 0 });
    // The base branch is server-everything; the pull request's server its careless next release.
    const base = join(scratch, 'base', 'dist', 'index.js');
    const pr = join(repo, 'dist', 'index.js');
    writeFileSync(base, `import ${JSON.stringify(everything)};\n`);
    writeFileSync(pr, `import ${JSON.stringify(fileURLToPath(new URL('./fixtures/everything-changed.mjs', import.meta.url)))};\n`);
    try {
      const broken = runStep(script);
      expect(broken.code, broken.err).toBe(1);
    } finally {
      writeFileSync(base, server);
      writeFileSync(pr, server);
    }
  });

  it('check --reporter json, the same way', () => {
    const r = runStep('mcpscope --stdio "node dist/index.js" check --reporter json > mcpscope-check.json');
    expect(r.code, r.err).toBe(0);
    const report = JSON.parse(readFileSync(join(repo, 'mcpscope-check.json'), 'utf8')) as { ok: boolean; steps: unknown[] };
    expect(report.ok).toBe(true);
    expect(report.steps.length).toBeGreaterThan(0);
  });
});
