// For tests: the page's app over fake sockets (each one the controller opens is
// kept, in order) and a log database that never opens.
import { FakeSocket } from './connection/test-doubles.js';
import { createApp, type PageEnvironment } from './create-app.js';
import type { LogDatabase } from './stores/log-database.js';

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
