// The MCP Apps rules on the wire, as a lint rule set: each tool of a tools/list
// result whose `_meta.ui` is malformed or uses the deprecated flat key, and each
// resources/read of a ui:// resource that is not an app's HTML or whose
// `_meta.ui` is malformed (the resource as resources/list listed it is the
// fallback for its `_meta.ui`, as a host reads it), or that cannot be read at all. Not built in: the page and
// `mcpscope lint` pass it in LinterOptions.ruleSets.

import type { AppProblem } from './contract.js';
import type { AppRuleId } from './rules.js';
import { isUiUri, readToolUi } from './tool-ui.js';
import { readUiResource } from './ui-resource.js';
import type { FrameContext, RuleSet } from '../lint/rule-set.js';
import { isRecord } from '../json/guards.js';
import { listedTools } from '../mcp/listed-tools.js';

/** The ui:// resources resources/list listed on this connection, by URI. */
type Listed = Map<string, unknown>;

/** Each problem as a finding about the server, with its place in the result (`base`, a JSON Pointer, and the problem's own). */
function reportAll(problems: readonly AppProblem[], base: string, report: FrameContext['report']): void {
  for (const p of problems) {
    const at = base + (p.path ?? '');
    // The readers only name APP-* rules.
    report(p.rule as AppRuleId, at ? `${p.message} (at ${at})` : p.message, 'server', p.severity);
  }
}

/** Of a 2026-07-28 multi-round or task answer, only the complete result is the resource's. */
function complete(result: unknown): result is Record<string, unknown> {
  return isRecord(result) && (result.resultType === undefined || result.resultType === 'complete');
}

export const appRuleSet: RuleSet<Listed> = {
  id: 'apps',
  era: ['legacy', 'modern'],
  state: () => new Map(),
  hooks: [
    {
      on: 'result',
      method: 'tools/list',
      sender: 'server',
      check: "APP (the tools' _meta.ui)",
      run({ answer, report }) {
        for (const [i, tool] of (listedTools(answer?.result) ?? []).entries()) reportAll(readToolUi(tool).problems, `/tools/${i}`, report);
      },
    },
    {
      on: 'result',
      method: 'resources/list',
      sender: 'server',
      check: 'APP (the listed ui:// resources)',
      run({ answer }, listed) {
        const result = answer?.result;
        if (!complete(result) || !Array.isArray(result.resources)) return;
        for (const r of result.resources) if (isRecord(r) && typeof r.uri === 'string' && isUiUri(r.uri)) listed.set(r.uri, r);
      },
    },
    {
      on: 'result',
      method: 'resources/read',
      sender: 'server',
      check: 'APP (a ui:// resource read)',
      run({ params, answer, report }, listed) {
        const uri = isRecord(params) ? params.uri : undefined;
        if (typeof uri !== 'string' || !isUiUri(uri) || !complete(answer?.result)) return;
        reportAll(readUiResource(uri, answer.result, listed.get(uri)).problems, '', report);
      },
    },
    {
      on: 'error',
      method: 'resources/read',
      sender: 'server',
      check: 'APP (a ui:// resource that cannot be read)',
      run({ params, answer, report }) {
        const uri = isRecord(params) ? params.uri : undefined;
        const error = answer?.error;
        if (typeof uri !== 'string' || !isUiUri(uri) || error === undefined) return;
        report('APP-RESOURCE-MISSING', `resources/read of ${uri} failed (${error.code}: ${error.message}), so no host can show this app.`, 'server');
      },
    },
  ],
};
