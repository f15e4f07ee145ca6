// The Log's filter by lint rule: only frames with findings of one rule.

import { useStore } from 'zustand';
import { RULE_IDS } from '../../protocol/index.js';
import { useApp } from '../app-context.js';
import { useNavigation } from '../hooks.js';
import { ruleTitle } from './lint-runner.js';

export function LintRuleFilter() {
  const { lint, navigationStore } = useApp();
  const rule = useNavigation((s) => s.logRule);
  const byRule = useStore(lint.store, (s) => s.byRule);
  const seen = RULE_IDS.filter((r) => byRule.has(r));
  return (
    <label className="lint-rule-filter">
      <span>Lint rule</span>
      <select value={rule} onChange={(e) => navigationStore.getState().setLogRule(e.target.value)}>
        <option value="">All frames</option>
        {seen.map((r) => (
          <option key={r} value={r}>
            {r} ({byRule.get(r)?.count}) — {ruleTitle(r)}
          </option>
        ))}
        {rule && !seen.includes(rule as (typeof RULE_IDS)[number]) && <option value={rule}>{rule} (none)</option>}
      </select>
    </label>
  );
}
