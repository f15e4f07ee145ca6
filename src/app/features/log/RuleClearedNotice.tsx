// Says that the lint-rule filter "Show in log" had set went away when another
// connection came into view, so an unfiltered Log is not a surprise.

import { useApp } from '../../app-context.js';
import { useNavigation } from '../../hooks.js';

export function RuleClearedNotice() {
  const { navigationStore } = useApp();
  const cleared = useNavigation((s) => s.logRuleCleared);
  if (cleared === undefined) return null;
  return (
    <p className="log-notice" role="status">
      The lint-rule filter {cleared.rule} that “Show in log” set for connection {cleared.connection} was cleared: another connection is in view.{' '}
      <button type="button" className="link" onClick={() => navigationStore.getState().dismissRuleCleared()}>
        Dismiss
      </button>
    </p>
  );
}
