// The proxy's two sockets of wrapped sessions: WRAP_SOCKET_PATH, where each
// `mcpscope wrap` tells what it records, and CAPTURED_SOCKET_PATH, where pages
// follow them. server.ts checks Host, Origin and the token before it hands an
// upgrade here, as for /ws; here only the path and the subprotocol are left.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { CAPTURED_SOCKET_PATH, CAPTURED_SUBPROTOCOL, CAPTURE_SUBPROTOCOL, WRAP_SOCKET_PATH } from '../../src/protocol/wire.js';
import { followCaptured, type FeedOptions } from './feed.js';
import { acceptWrapper } from './ingest.js';
import { CapturedSessions, type CapturedLimits } from './sessions.js';

export interface CapturedOptions {
  limits?: CapturedLimits;
  feed?: FeedOptions;
}

export interface CapturedSockets {
  /** Whether `path` is one of these sockets' (its upgrade then goes to upgrade()). */
  owns(path: string): boolean;
  /** `refuse` answers with an HTTP status and a sentence. */
  upgrade(path: string, req: IncomingMessage, socket: Duplex, head: Buffer, refuse: (status: number, sentence: string) => void): void;
  /** The sockets still open, to close and, past the grace period, end. */
  clients(): WebSocket[];
  close(): Promise<void>;
}

const offered = (req: IncomingMessage): string[] => (req.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());

export function capturedSockets(o: CapturedOptions = {}): CapturedSockets {
  const sessions = new CapturedSessions(o.limits);
  const server = (protocol: string) =>
    new WebSocketServer({
      noServer: true,
      perMessageDeflate: false,
      // One record may carry a line of up to 8 MiB and its bytes in base64.
      maxPayload: 80 * 1024 * 1024,
      handleProtocols: (protocols) => (protocols.has(protocol) ? protocol : false),
    });
  const wraps = server(CAPTURE_SUBPROTOCOL);
  const pages = server(CAPTURED_SUBPROTOCOL);
  const byPath = new Map([
    [WRAP_SOCKET_PATH, { wss: wraps, protocol: CAPTURE_SUBPROTOCOL, accept: (ws: WebSocket) => acceptWrapper(ws, sessions) }],
    [CAPTURED_SOCKET_PATH, { wss: pages, protocol: CAPTURED_SUBPROTOCOL, accept: (ws: WebSocket) => followCaptured(ws, sessions, o.feed) }],
  ]);

  return {
    owns: (path) => byPath.has(path),
    upgrade(path, req, socket, head, refuse) {
      const route = byPath.get(path)!;
      if (!offered(req).includes(route.protocol)) {
        refuse(400, `Offer the WebSocket subprotocol "${route.protocol}" at ${path}: this proxy speaks that version of it.`);
        return;
      }
      route.wss.handleUpgrade(req, socket, head, route.accept);
    },
    clients: () => [...wraps.clients, ...pages.clients],
    close: () => Promise.all([wraps, pages].map((wss) => new Promise<void>((resolve) => wss.close(() => resolve())))).then(() => {}),
  };
}
