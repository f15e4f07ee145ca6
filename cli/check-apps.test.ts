// `mcpscope check` on a server with a good and two broken app tools: a step
// each, in the text, JSON and JUnit reports; a tool without an app adds none.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cli, node } from '../test/fixtures/cli-helpers.js';

const server = fileURLToPath(new URL('../test/fixtures/check-apps-server.mjs', import.meta.url));
const target = ['--stdio', `${node} ${JSON.stringify(server)}`];

describe('check: app tools', () => {
  it('reports each app tool: its ui:// resource exists, is HTML, with a well-formed _meta.ui and valid CSP origins', async () => {
    const r = await cli(...target, 'check');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/✓\s+app good_app\s+ui:\/\/check\/good: 26 characters of HTML; _meta\.ui well-formed; 1 CSP origin/);
    expect(r.out).toMatch(/✗\s+app broken_app\s+The app resource ui:\/\/check\/broken is "text\/plain", not HTML/);
    expect(r.out).toMatch(
      /✗\s+app old_app\s+warning: Tool old_app: _meta\["ui\/resourceUri"\] is deprecated.*; resources\/read of ui:\/\/check\/missing failed: /,
    );
    expect(r.out).not.toMatch(/app plain/);
  });

  it('carries every problem in the JSON report, and a testcase per app tool in JUnit', async () => {
    const json = JSON.parse((await cli(...target, 'check', '--json')).out) as {
      apps: Array<{ tool: string; problems: Array<{ rule: string; path?: string }> }>;
    };
    expect(json.apps.map((a) => [a.tool, a.problems.map((p) => p.rule)])).toEqual([
      ['good_app', []],
      ['broken_app', ['APP-RESOURCE-MIME', 'APP-CSP-DOMAIN', 'APP-CSP-DOMAIN']],
      ['old_app', ['APP-TOOL-UI-DEPRECATED', 'APP-RESOURCE-MISSING']],
    ]);
    const junit = (await cli(...target, 'check', '--reporter', 'junit')).out;
    expect(junit).toMatch(/<testcase [^>]*name="app broken_app"[^>]*>\s*<failure/);
    expect(junit).toMatch(/<testcase [^>]*name="app good_app"/);
  });
});
