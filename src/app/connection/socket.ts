// The slice of the browser WebSocket that ProxyConnection uses, so tests can
// hand it a fake.

export interface SocketCloseInfo {
  code: number;
  reason: string;
  wasClean: boolean;
}

export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: (() => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: SocketCloseInfo) => void) | null;
  onerror: (() => void) | null;
}

export type SocketFactory = (url: string, protocols: string[]) => SocketLike;

export const SOCKET_OPEN = 1;

export const browserSocketFactory: SocketFactory = (url, protocols) => {
  const ws = new WebSocket(url, protocols);
  const socket: SocketLike = {
    get readyState() {
      return ws.readyState;
    },
    send: (data) => ws.send(data),
    close: (code, reason) => ws.close(code, reason),
    onopen: null,
    onmessage: null,
    onclose: null,
    onerror: null,
  };
  ws.onopen = () => socket.onopen?.();
  ws.onmessage = (e: MessageEvent) => socket.onmessage?.({ data: e.data });
  ws.onclose = (e: CloseEvent) => socket.onclose?.({ code: e.code, reason: e.reason, wasClean: e.wasClean });
  ws.onerror = () => socket.onerror?.();
  return socket;
};

/** ws://host/ws (or wss:) for the page's own origin — through Vite's proxy in dev. */
export function proxySocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}
