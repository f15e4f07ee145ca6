// Follow nextCursor through every page of a */list method. It resolves with
// the whole list, or rejects with ListFailed, which keeps the pages that
// arrived before the failure: nothing the server sent is lost.
import type { ClientSession } from '../session/client-session.js';
import { outcomeMessage } from '../session/client-session.js';
import type { RequestOutcome } from '../session/types.js';
import { LIST_METHODS, type ListKey } from './types.js';
import { isRecord } from '../json/guards.js';
import { plural } from '../text/plural.js';

export interface ListAllResult<T> {
  items: T[];
  pages: number;
  outcomes: RequestOutcome[];
}

/**
 * A list that did not reach its last page. `items` and `pages` are what was
 * read before; `failedPage` is the page that failed, or undefined when every
 * page read was fine but the list could not go on (a bad or repeated cursor).
 */
export class ListFailed<T = unknown> extends Error {
  constructor(
    readonly method: string,
    readonly partial: ListAllResult<T>,
    /** What went wrong, as a sentence. */
    readonly reason: string,
    readonly failedPage?: number,
  ) {
    super(listFailedMessage(method, partial.pages, reason, failedPage));
    this.name = 'ListFailed';
  }

  get items(): T[] {
    return this.partial.items;
  }

  get pages(): number {
    return this.partial.pages;
  }
}

function listFailedMessage(method: string, pages: number, reason: string, failedPage: number | undefined): string {
  if (pages === 0) return `${method} failed: ${reason}`;
  const read = `${plural(pages, 'page')} of ${method} read`;
  return failedPage === undefined ? `${read}, then it stopped: ${reason}` : `${read}, page ${failedPage} failed: ${reason}`;
}

export const MAX_PAGES = 1000;

export async function listAll<T>(session: Pick<ClientSession, 'request'>, key: ListKey, maxPages = MAX_PAGES): Promise<ListAllResult<T>> {
  const method = LIST_METHODS[key];
  const items: T[] = [];
  const outcomes: RequestOutcome[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 1; page <= maxPages; page++) {
    const read = { items, pages: page - 1, outcomes };
    const outcome = await session.request(method, cursor === undefined ? {} : { cursor });
    outcomes.push(outcome);
    if (outcome.status !== 'result') throw new ListFailed(method, read, outcomeMessage(outcome), page);
    const result = outcome.result;
    if (!isRecord(result) || !Array.isArray(result[key])) throw new ListFailed(method, read, `The ${method} result has no "${key}" array.`, page);
    items.push(...(result[key] as T[]));
    const next = result.nextCursor;
    const done = { items, pages: page, outcomes };
    if (next === undefined || next === null) return done;
    if (typeof next !== 'string') throw new ListFailed(method, done, `nextCursor is not a string: ${JSON.stringify(next)}`);
    if (seen.has(next)) throw new ListFailed(method, done, `The server repeated the cursor ${JSON.stringify(next)}; stopped to avoid a loop.`);
    seen.add(next);
    cursor = next;
  }
  throw new ListFailed(method, { items, pages: maxPages, outcomes }, `Stopped after ${maxPages} pages.`);
}

/** For callers that go on with a partial list (the CLI's check): the list, or the ListFailed that holds what arrived. */
export function settleList<T>(listing: Promise<ListAllResult<T>>): Promise<ListAllResult<T> | ListFailed<T>> {
  return listing.catch((e: unknown) => {
    if (e instanceof ListFailed) return e as ListFailed<T>;
    throw e;
  });
}
