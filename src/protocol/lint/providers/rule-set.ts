// The provider strict-mode rules as a lint rule set: each tool of a tools/list
// result, judged by the table, one finding per failure. Not built in: the page
// and whoever else wants them pass it in LinterOptions.ruleSets.

import type { RuleSet } from '../rule-set.js';
import { isRecord } from '../../json/guards.js';
import { failureSentence, providerFailures } from './lint.js';

export const providerRuleSet: RuleSet = {
  id: 'providers',
  era: ['legacy', 'modern'],
  hooks: [
    {
      on: 'result',
      method: 'tools/list',
      sender: 'server',
      check: 'PROVIDER (the tools against the model providers’ strict modes)',
      run({ answer, report }) {
        const result = answer?.result;
        if (!isRecord(result) || !Array.isArray(result.tools)) return;
        for (const [i, tool] of result.tools.entries()) {
          for (const f of providerFailures(tool, undefined, `tools[${i}]`)) report(f.rule, failureSentence(f), 'server');
        }
      },
    },
  ],
};
