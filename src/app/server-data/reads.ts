// Repeatable server reads (resources/read, prompts/get) as TanStack queries.
// The query function rejects unless the server answered with a result, so
// `query.error` is what went wrong and `query.data` the last good read.

import { queryOptions, type Query, type QueryClient } from '@tanstack/react-query';
import { requestFollowingInput, type InputFollowingSession, type RequestOutcome } from '../../protocol/index.js';
import { freshFor, resultCacheHints } from './freshness.js';
import type { CacheHints } from '../../protocol/index.js';

export type ReadMethod = 'resources/read' | 'prompts/get';

/** One finished read: its outcome and when it was sent and answered (wall-clock ms). */
export interface ServerRead {
  outcome: RequestOutcome;
  startedAt: number;
  finishedAt: number;
  /** A multi-round read (2026-07-28): how many requests it took, when more than one. */
  rounds?: number;
}

/** A read that did not end in a result: the outcome says how (error, timeout, not connected…). */
export class RequestFailed extends Error {
  constructor(
    readonly method: ReadMethod,
    readonly read: ServerRead,
  ) {
    super(`${method} did not return a result (${read.outcome.status}); the outcome shows what happened.`);
    this.name = 'RequestFailed';
  }
}

export interface ReadDeps {
  /** The session of `connection`, if it is still the current one. */
  session: (connection: number) => InputFollowingSession | undefined;
  now?: () => number;
}

const NOT_CONNECTED: RequestOutcome = { status: 'refused', message: 'Not connected: connect to a server first.' };

export const readQueryKey = (connection: number, method: ReadMethod, params: Readonly<Record<string, unknown>>) =>
  ['server', connection, method, params] as const;

async function readOnce(deps: ReadDeps, connection: number, method: ReadMethod, params: Record<string, unknown>): Promise<ServerRead> {
  const now = deps.now ?? Date.now;
  const startedAt = now();
  const session = deps.session(connection);
  const answered: RequestOutcome & { rounds?: number } = session ? await requestFollowingInput(session, method, params) : NOT_CONNECTED;
  const { rounds, ...outcome } = answered;
  const read: ServerRead = { outcome, startedAt, finishedAt: now(), ...(rounds !== undefined && rounds > 1 ? { rounds } : {}) };
  if (outcome.status !== 'result') throw new RequestFailed(method, read);
  return read;
}

/** Follows a read: `again`, asked after each answer, says whether the server announced a change meanwhile. */
export interface ReadFollower {
  started(): void;
  again(): boolean;
}

/**
 * The query of one read. When the follower says the server announced a change
 * during the read, it is sent once more: updates arriving during a read are
 * coalesced into one further read.
 */
export function serverReadQuery(deps: ReadDeps, connection: number, method: ReadMethod, params: Record<string, unknown>, follower?: ReadFollower) {
  const again = () => follower?.again() ?? false;
  return queryOptions<ServerRead>({
    queryKey: readQueryKey(connection, method, params),
    queryFn: async () => {
      follower?.started();
      for (;;) {
        try {
          const read = await readOnce(deps, connection, method, params);
          if (!again()) return read;
        } catch (e) {
          if (!again()) throw e;
        }
      }
    },
    // A result with a ttlMs (resources/read on 2026-07-28) is fresh that long, then read again when next shown.
    staleTime: (query) => freshFor(readCacheHints(query.state.data), Infinity),
    retry: false,
  });
}

/**
 * The cache hints a read may be kept by. A read that took more than one round has none: in 2026-07-28 a
 * result of a retry (with inputResponses or requestState) depends on inputs outside the cache key, so it
 * must not be cached, whatever ttlMs it carries.
 */
export function readCacheHints(read: ServerRead | undefined): CacheHints | undefined {
  return read?.rounds !== undefined && read.rounds > 1 ? undefined : resultCacheHints(read?.outcome);
}

/** The latest finished read of a query: its error's read when the last one failed, else its data. */
export function latestRead(query: { data: ServerRead | undefined; error: Error | null; status: string }): ServerRead | undefined {
  if (query.status === 'error' && query.error instanceof RequestFailed) return query.error.read;
  return query.data;
}

/**
 * Send a read now (or join the one under way); how it went is the query's state, so this never rejects.
 * `reuseFresh`: keep a last good read the server's ttlMs still vouches for instead of sending.
 */
export function readNow(queryClient: QueryClient, options: ReturnType<typeof serverReadQuery>, reuseFresh = false): Promise<void> {
  const staleTime = reuseFresh ? (query: Query<ServerRead>) => (query.state.status === 'error' ? 0 : freshFor(readCacheHints(query.state.data), 0)) : 0;
  return queryClient.fetchQuery({ ...options, staleTime }).then(
    () => undefined,
    () => undefined,
  );
}

export interface ResourceReads {
  query(connection: number, uri: string): ReturnType<typeof serverReadQuery>;
  /**
   * Read `uri` now (joining a read already under way); the query's state says how it went. Unless `anyway`,
   * a read the server's ttlMs still says is fresh is kept instead.
   */
  read(connection: number, uri: string, anyway?: boolean): Promise<void>;
  /** The server announced a change of `uri`: read it again where it is shown (after the read under way, if any). */
  updated(connection: number, uri: string): void;
}

export function createResourceReads(queryClient: QueryClient, deps: ReadDeps): ResourceReads {
  // Reads under way, and those the server announced a change for meanwhile. Kept here rather than
  // read from the query's fetchStatus, which stays "fetching" a moment after the query function ends.
  const reading = new Set<string>();
  const updatedDuringRead = new Set<string>();
  const id = (connection: number, uri: string) => `${connection} ${uri}`;
  const query = (connection: number, uri: string) =>
    serverReadQuery(
      deps,
      connection,
      'resources/read',
      { uri },
      {
        started: () => reading.add(id(connection, uri)),
        again: () => {
          if (updatedDuringRead.delete(id(connection, uri))) return true;
          reading.delete(id(connection, uri));
          return false;
        },
      },
    );
  return {
    query,
    read: (connection, uri, anyway = false) => readNow(queryClient, query(connection, uri), !anyway),
    updated: (connection, uri) => {
      if (reading.has(id(connection, uri))) {
        updatedDuringRead.add(id(connection, uri));
        return;
      }
      const options = query(connection, uri);
      const refetch = () => void queryClient.invalidateQueries({ queryKey: options.queryKey, exact: true });
      // The query function has just ended but the query has not settled yet: refetch once it has.
      if (queryClient.getQueryState(options.queryKey)?.fetchStatus === 'fetching') void readNow(queryClient, options).then(refetch);
      else refetch();
    },
  };
}
