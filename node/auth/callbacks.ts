// The pending authorizations of one process (proxy or CLI run), keyed by their
// OAuth state: the /oauth/callback route (or the CLI's follower) delivers the
// URL the browser was sent back to, and the waiting flow takes it from there.
// The flow itself checks state and iss (flow.redeem); this registry only routes.
// A callback whose state matches no pending authorization changes no flow: any
// web page can make the browser request this URL (an <img>), so it is refused,
// counted, and each waiting flow is told, but keeps waiting for its own.
import { plural } from '../../src/protocol/wire.js';
import type { CallbackRegistry } from './authorizer-types.js';

interface Pending {
  resolve(url: URL): void;
  reject(error: Error): void;
  /** Callbacks refused while this authorization waited. */
  refused: number;
  /** Tells the waiting flow the count: at once, then at most once a REFUSALS_TOLD_EVERY_MS (a page can flood the route). */
  tellRefused(): void;
}

/** A flood of forged callbacks rewrites the waiting flow's notice at most this often; the last count is always told. */
export const REFUSALS_TOLD_EVERY_MS = 1000;

/** Calls `tell` at the first poke, then at most once per interval; a poke in between is never lost (a trailing call). */
function throttledTeller(tell: () => void): { poke(): void; stop(): void } {
  let lastTold = -Infinity;
  let trailing: ReturnType<typeof setTimeout> | undefined;
  const now = (): void => {
    lastTold = Date.now();
    trailing = undefined;
    tell();
  };
  return {
    poke() {
      if (trailing !== undefined) return;
      const wait = lastTold + REFUSALS_TOLD_EVERY_MS - Date.now();
      if (wait <= 0) now();
      else trailing = setTimeout(now, wait);
    },
    stop() {
      clearTimeout(trailing);
      trailing = undefined;
    },
  };
}

/** Minutes (or seconds, under a minute) as said in a sentence. */
function duration(ms: number): string {
  if (ms >= 60_000) {
    const minutes = Math.round(ms / 60_000);
    return plural(minutes, 'minute');
  }
  const seconds = Math.max(1, Math.round(ms / 1000));
  return plural(seconds, 'second');
}

/** States already delivered, remembered so a reloaded callback tab is not handed to another authorization. */
const REMEMBERED_STATES = 64;

export function createCallbackRegistry(): CallbackRegistry {
  const pending = new Map<string, Pending>();
  const used: string[] = [];
  const markUsed = (state: string | null): void => {
    if (state === null) return;
    used.push(state);
    if (used.length > REMEMBERED_STATES) used.shift();
  };

  return {
    expect(state, timeoutMs, signal, onRefused) {
      return new Promise<URL>((resolve, reject) => {
        if (pending.has(state)) {
          reject(new Error(`An authorization with this state is already waiting for its callback.`));
          return;
        }
        const entry: Pending = {
          refused: 0,
          tellRefused: () => teller.poke(),
          resolve: (url) => {
            done();
            resolve(url);
          },
          reject: (error) => {
            done();
            reject(error);
          },
        };
        const teller = throttledTeller(() => onRefused?.(entry.refused));
        const done = (): void => {
          teller.stop();
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          pending.delete(state);
        };
        const onAbort = (): void => {
          done();
          reject(new Error('The authorization was cancelled before its callback arrived.'));
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no answer from the authorization page within ${duration(timeoutMs)}: approve it sooner, or start the authorization again.`));
        }, timeoutMs);
        if (signal?.aborted) return onAbort();
        signal?.addEventListener('abort', onAbort, { once: true });
        pending.set(state, entry);
      });
    },

    deliver(url) {
      const state = url.searchParams.get('state');
      const match = state !== null ? pending.get(state) : undefined;
      if (match) {
        markUsed(state);
        match.resolve(url);
        return { delivered: true };
      }
      if (state !== null && used.includes(state)) {
        return { delivered: false, message: 'This callback was already delivered (the page was reloaded?): mcpscope has it. You can close this tab.' };
      }
      if (pending.size === 0) {
        return {
          delivered: false,
          message: 'No authorization is waiting for this callback (it finished, was cancelled or timed out). Start the authorization again from mcpscope.',
        };
      }
      for (const waiting of pending.values()) {
        waiting.refused += 1;
        waiting.tellRefused();
      }
      const what =
        state === null
          ? 'has no state parameter'
          : `has a state that matches none of the ${pending.size === 1 ? 'authorization' : `${pending.size} authorizations`} waiting`;
      return {
        delivered: false,
        message:
          `This callback ${what}: it was refused and changed nothing (it may come from another web page, or an older attempt). ` +
          `mcpscope is still waiting for ${pending.size === 1 ? 'the authorization' : 'them'}: approve in the authorization tab mcpscope opened.`,
      };
    },
  };
}
