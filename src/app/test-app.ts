// For tests: the page's app over fake sockets (each one the controller opens is
// kept, in order) and a log database that never opens.
import { FakeSocket } from './connection/test-doubles.js';
import type { App, PageEnvironment } from './app.js';
import { createApp } from './create-app.js';
import type { LogDatabase } from './stores/log-database.js';
import type { ConnectionScope } from './workspace/connection-scope.js';
import { activeScope } from './workspace/workspace-store.js';

export function createTestApp(env: Partial<PageEnvironment> = {}) {
  const sockets: FakeSocket[] = [];
  const app = createApp({
    token: 'tok',
    socketUrl: () => 'ws://127.0.0.1:1/ws',
    socketFactory: (url, protocols) => {
      const s = new FakeSocket(url, protocols);
      sockets.push(s);
      return s;
    },
    logDatabase: () => new Promise<LogDatabase>(() => {}),
    ...env,
  });
  return { app, sockets };
}

/** The scope in view. */
export const inView = (app: App): ConnectionScope => activeScope(app.workspace);

/** Connect and answer initialize; resolves with the socket once the session is ready. */
export async function connectReady(
  app: App,
  sockets: FakeSocket[],
  capabilities: Record<string, unknown> = {},
  scope: ConnectionScope = inView(app),
  args: string[] = ['demo.js'],
) {
  const ready = scope.controller.connect({ transport: { kind: 'stdio', command: 'node', args, env: {} }, protocolVersion: '2025-11-25' });
  const socket = sockets.at(-1)!;
  socket.acceptHandshake();
  socket.deliver({ type: 'opened', at: 1, transport: 'stdio', pid: 1, command: 'node', args: ['demo.js'] });
  const init = socket.frames().find((f) => f.method === 'initialize')!;
  const result = { protocolVersion: '2025-11-25', capabilities, serverInfo: { name: 'demo', version: '1.0.0' } };
  socket.deliver({ type: 'message', at: 2, text: JSON.stringify({ jsonrpc: '2.0', id: init.id, result }) });
  const status = (await ready)?.status;
  if (status !== 'ready') throw new Error(`the session is ${status ?? 'not started'}, not ready`);
  return socket;
}
