// Which of the models the person allowed answers a sampling request, from the
// request's modelPreferences. The server does not know which models the client
// has, so its hints are advice and the person's list is the law.
import { isRecord } from '../json/guards.js';
import type { ModelRef } from './contract.js';
import { knownPrice } from './prices.js';
import { modelRefText } from './ref.js';

export interface ModelChoice {
  model: ModelRef;
  /** Why this one, for the person. */
  reason: string;
}

const priority = (prefs: Record<string, unknown>, name: string): number => {
  const value = Object.hasOwn(prefs, name) ? prefs[name] : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
};

/**
 * The rule, in order:
 * 1. Hints (`modelPreferences.hints[].name`) are read in the server's order; the first hint that is a
 *    substring (ignoring case) of an allowed model's name, or of its `provider/model`, narrows the choice to
 *    the allowed models it matches. A hint that matches none is passed over; no hint matching: all allowed.
 * 2. Among what is left, the priorities break the tie, with the model's known price as the measure:
 *    intelligencePriority above both costPriority and speedPriority prefers the dearer model (price
 *    follows capability), either of them above intelligencePriority the cheaper one (and the smaller,
 *    faster). Models without a known price come after those with one.
 * 3. Otherwise, and between equals, the person's order: the first allowed model.
 */
export function chooseModel(modelPreferences: unknown, allowed: readonly ModelRef[]): ModelChoice | undefined {
  if (allowed.length === 0) return undefined;
  const prefs = isRecord(modelPreferences) ? modelPreferences : {};
  const hints = Array.isArray(prefs.hints) ? prefs.hints.flatMap((h) => (isRecord(h) && typeof h.name === 'string' && h.name !== '' ? [h.name] : [])) : [];
  let candidates = allowed;
  let reason = hints.length ? `no hint (${hints.map((h) => JSON.stringify(h)).join(', ')}) matches an allowed model` : 'the request gives no hint';
  for (const hint of hints) {
    const needle = hint.toLowerCase();
    const matching = allowed.filter((m) => m.model.toLowerCase().includes(needle) || modelRefText(m).toLowerCase().includes(needle));
    if (matching.length) {
      candidates = matching;
      reason = `hint ${JSON.stringify(hint)}`;
      break;
    }
  }
  const lean = priority(prefs, 'intelligencePriority') - Math.max(priority(prefs, 'costPriority'), priority(prefs, 'speedPriority'));
  if (candidates.length > 1 && lean !== 0) {
    const priced = candidates.flatMap((m) => {
      const price = knownPrice(m);
      return price === undefined ? [] : [{ m, cost: price.input + price.output }];
    });
    if (priced.length) {
      const best = priced.reduce((a, b) => (lean > 0 ? (b.cost > a.cost ? b : a) : b.cost < a.cost ? b : a));
      return { model: best.m, reason: `${reason}; ${lean > 0 ? 'intelligence' : 'cost and speed'} priority, by price` };
    }
  }
  const [first] = candidates as [ModelRef, ...ModelRef[]];
  return { model: first, reason: candidates.length === allowed.length && allowed.length > 1 ? `${reason}; the first allowed model` : reason };
}
