// One AppProblem, at the severity its rule has unless a reader says otherwise.

import type { AppProblem } from './contract.js';
import { APP_RULES, type AppRuleId } from './rules.js';
import { pointerSegment } from '../schema/walk.js';

export function appProblem(rule: AppRuleId, message: string, path?: string, severity?: AppProblem['severity']): AppProblem {
  return { rule, severity: severity ?? APP_RULES[rule].severity, message, ...(path !== undefined ? { path } : {}) };
}

/** A JSON Pointer of these keys and indexes: `pointer('_meta', 'ui/resourceUri')` is "/_meta/ui~1resourceUri". */
export function pointer(...keys: ReadonlyArray<string | number>): string {
  return keys.map((k) => `/${pointerSegment(String(k))}`).join('');
}

/** A value as a sentence shows it: JSON, cut short. */
export function shown(value: unknown): string {
  const text = value === undefined ? 'undefined' : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}
