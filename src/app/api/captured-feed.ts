// The proxy's feed of wrapped sessions (`mcpscope wrap`): a WebSocket to
// CAPTURED_SOCKET_PATH of the page's own origin, offering the token as the
// page's own socket does. It comes back after every close (a proxy restart,
// 1013 when this page read too slowly), waiting longer each time it fails; a
// proxy without the feed (an older one, a dev server) only ever fails to
// open, and that is not worth a word.

import { CAPTURED_SOCKET_PATH, CAPTURED_SUBPROTOCOL, TOKEN_SUBPROTOCOL_PREFIX, type CapturedMessage } from '../../protocol/index.js';
import { browserSocketFactory, type SocketFactory, type SocketLike } from '../connection/socket.js';
import { readCapturedMessage } from './captured-message.js';

export interface CapturedFeedOptions {
  /** ws://host/captured of the page's origin. */
  url: string;
  token: string;
  socketFactory?: SocketFactory;
  /** Each message, checked; `dropped` names the records (or sessions) of it that could not be read. */
  message: (message: CapturedMessage, dropped: readonly string[]) => void;
  /** A message that could not be read at all, or the feed going away after it had worked: one sentence. */
  problem: (sentence: string) => void;
  /** The feed went away after it had worked: what it said may be out of date until it is back. */
  lost?: () => void;
  /** Milliseconds before the first retry; doubled after each failure up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export interface CapturedFeed {
  /** Closes the socket and stops coming back. */
  close(): void;
}

/** ws://host/captured (or wss:) for the page's own origin. */
export function capturedFeedUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${CAPTURED_SOCKET_PATH}`;
}

const TOO_SLOW = 1013;

export function openCapturedFeed(options: CapturedFeedOptions): CapturedFeed {
  const factory = options.socketFactory ?? browserSocketFactory;
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  const firstRetry = options.retryMs ?? 1000;
  const maxRetry = options.maxRetryMs ?? 30_000;
  let retry = firstRetry;
  let socket: SocketLike | undefined;
  let timer: unknown;
  let closed = false;

  function connect(): void {
    let opened = false;
    const s = factory(options.url, [CAPTURED_SUBPROTOCOL, TOKEN_SUBPROTOCOL_PREFIX + options.token]);
    socket = s;
    s.onopen = () => {
      opened = true;
      retry = firstRetry;
    };
    s.onmessage = (event) => {
      const read = readCapturedMessage(event.data);
      if (read.ok) options.message(read.message, read.dropped);
      else options.problem(`A message of the proxy about wrapped sessions could not be read (${read.problem}); it was left out.`);
    };
    s.onerror = () => {};
    s.onclose = (event) => {
      if (socket !== s) return;
      socket = undefined;
      if (closed) return;
      if (opened) {
        const why = event.code === TOO_SLOW ? 'this page fell behind the wrapped sessions' : 'the proxy closed it';
        options.problem(`The live feed of wrapped sessions stopped (${why}); mcpscope reconnects by itself and takes what the proxy kept meanwhile.`);
        options.lost?.();
      }
      timer = setTimer(() => {
        timer = undefined;
        if (!closed) connect();
      }, retry);
      retry = Math.min(retry * 2, maxRetry);
    };
  }

  connect();
  return {
    close: () => {
      closed = true;
      if (timer !== undefined) clearTimer(timer);
      timer = undefined;
      const s = socket;
      socket = undefined;
      s?.close(1000, 'page closed the feed');
    },
  };
}
