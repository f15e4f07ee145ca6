// The tools a tools/list result lists, as the server sent them: each item is
// untrusted (a rule judges its shape). The one reading of the list that the lint
// rule sets and `mcpscope lint` share.

import { isRecord } from '../json/guards.js';

/**
 * The `tools` of a tools/list result; undefined when the result has no list. Of a 2026-07-28 multi-round or task
 * answer, only the complete result lists the tools (a result without `resultType` is complete).
 */
export function listedTools(result: unknown): readonly unknown[] | undefined {
  if (!isRecord(result) || !Array.isArray(result.tools)) return undefined;
  return result.resultType === undefined || result.resultType === 'complete' ? result.tools : undefined;
}
