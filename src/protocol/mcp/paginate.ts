// Follow nextCursor through every page of a */list method.
import type { ClientSession } from '../session/client-session.js';
import { outcomeMessage } from '../session/client-session.js';
import type { RequestOutcome } from '../session/types.js';
import { LIST_METHODS, type ListKey } from './types.js';
import { isRecord } from '../json/guards.js';

export interface ListAllResult<T> {
  items: T[];
  pages: number;
  /** Set when a page failed or the server misbehaved; `items` holds what arrived before. */
  error?: string;
  outcomes: RequestOutcome[];
}

export const MAX_PAGES = 1000;

export async function listAll<T>(session: Pick<ClientSession, 'request'>, key: ListKey, maxPages = MAX_PAGES): Promise<ListAllResult<T>> {
  const method = LIST_METHODS[key];
  const items: T[] = [];
  const outcomes: RequestOutcome[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let pages = 1; pages <= maxPages; pages++) {
    const outcome = await session.request(method, cursor === undefined ? {} : { cursor });
    outcomes.push(outcome);
    if (outcome.status !== 'result') return { items, pages, outcomes, error: outcomeMessage(outcome) };
    const result = outcome.result;
    if (!isRecord(result) || !Array.isArray(result[key])) {
      return { items, pages, outcomes, error: `The ${method} result has no "${key}" array.` };
    }
    items.push(...(result[key] as T[]));
    const next = result.nextCursor;
    if (next === undefined || next === null) return { items, pages, outcomes };
    if (typeof next !== 'string') return { items, pages, outcomes, error: `nextCursor is not a string: ${JSON.stringify(next)}` };
    if (seen.has(next)) return { items, pages, outcomes, error: `The server repeated the cursor ${JSON.stringify(next)}; stopped to avoid a loop.` };
    seen.add(next);
    cursor = next;
  }
  return { items, pages: maxPages, outcomes, error: `Stopped after ${maxPages} pages.` };
}
