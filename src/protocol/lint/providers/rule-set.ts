// The provider strict-mode rules as a lint rule set: each tool of a tools/list
// result, judged by the table, one finding per failure; and the list as a whole,
// its pages counted (a request without a cursor starts the list again), one
// finding per provider whose count it passes. Not built in: the page and whoever
// else wants them pass it in LinterOptions.ruleSets.

import type { RuleSet } from '../rule-set.js';
import { isRecord } from '../../json/guards.js';
import { listedTools } from '../../mcp/listed-tools.js';
import { failureSentence, providerFailures } from './lint.js';
import { toolCountFailures, toolCountSentence, type ToolCountRuleId } from './tool-count.js';

/** The list being read on this connection: the tools of its pages so far, and the count rules already reported. */
interface Listing {
  tools: number;
  reported: Set<ToolCountRuleId>;
}

export const providerRuleSet: RuleSet<Listing> = {
  id: 'providers',
  era: ['legacy', 'modern'],
  state: () => ({ tools: 0, reported: new Set() }),
  hooks: [
    {
      on: 'result',
      method: 'tools/list',
      sender: 'server',
      check: 'PROVIDER (the tools against the model providers’ strict modes)',
      run({ params, answer, report }, listing) {
        const tools = listedTools(answer?.result);
        if (!tools) return;
        for (const [i, tool] of tools.entries()) {
          for (const f of providerFailures(tool, undefined, `tools[${i}]`)) report(f.rule, failureSentence(f), 'server');
        }
        if (!(isRecord(params) && typeof params.cursor === 'string')) {
          listing.tools = 0;
          listing.reported.clear();
        }
        listing.tools += tools.length;
        for (const f of toolCountFailures(listing.tools)) {
          if (listing.reported.has(f.rule)) continue;
          listing.reported.add(f.rule);
          report(f.rule, toolCountSentence(f), 'server');
        }
      },
    },
  ],
};
