// The `check` step of each app tool (MCP Apps): its `_meta.ui`, then its ui://
// resource read and judged — it exists, it is the app's HTML, its `_meta.ui` is
// well-formed, its CSP domains are origins. One step per app tool, failing on
// an error, warning on a warning; the JSON report carries every problem.

import { outcomeMessage, plural, readToolUi, readUiResource, type AppProblem, type Tool } from '../src/protocol/index.js';
import type { CheckStep } from './check.js';
import type { CliConnection } from './connection.js';

export interface AppToolCheck {
  tool: string;
  resourceUri?: string;
  problems: AppProblem[];
}

function detailOf(problems: readonly AppProblem[], ok: string): string {
  return problems.length === 0 ? ok : problems.map((p) => `${p.severity === 'error' ? '' : 'warning: '}${p.message}`).join('; ');
}

/** A step per tool whose `_meta` says it has an app (or tries to); none when no tool does. */
export async function checkApps(c: CliConnection, tools: readonly Tool[]): Promise<{ steps: CheckStep[]; report: AppToolCheck[] }> {
  const steps: CheckStep[] = [];
  const report: AppToolCheck[] = [];
  for (const tool of tools) {
    const ui = readToolUi(tool);
    if (ui.value === undefined && ui.problems.length === 0) continue;
    const problems = [...ui.problems];
    let ok = 'no usable ui:// resource';
    if (ui.value !== undefined) {
      const uri = ui.value.resourceUri;
      const outcome = await c.request('resources/read', { uri });
      if (outcome.status !== 'result') {
        problems.push({ rule: 'APP-RESOURCE-MISSING', severity: 'error', message: `resources/read of ${uri} failed: ${outcomeMessage(outcome)}` });
      } else {
        const read = readUiResource(uri, outcome.result);
        problems.push(...read.problems);
        if (read.value) {
          const origins = Object.values(read.value.csp).reduce((n, list: readonly string[]) => n + list.length, 0);
          ok = `${uri}: ${plural(read.value.html.length, 'character')} of HTML; _meta.ui well-formed; ${origins === 0 ? 'no CSP origins (the restrictive default)' : plural(origins, 'CSP origin')}`;
        }
      }
    }
    const status = problems.some((p) => p.severity === 'error') ? 'fail' : problems.length > 0 ? 'warn' : 'pass';
    steps.push({ name: `app ${tool.name}`, status, detail: detailOf(problems, ok) });
    report.push({ tool: tool.name, ...(ui.value ? { resourceUri: ui.value.resourceUri } : {}), problems });
  }
  return { steps, report };
}
