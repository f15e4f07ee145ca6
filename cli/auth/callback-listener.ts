// Where a browser comes back to the CLI after the person approved: a loopback
// HTTP listener for the run (127.0.0.1, a free port, /oauth/callback), which
// hands each callback to the CallbackRegistry. The redirect URI names it, so
// it is started before the flow registers the client.

import { createServer, type Server } from 'node:http';
import { callbackAccepted, type CallbackRegistry } from '../../node/auth/authorizer-types.js';

export const CALLBACK_PATH = '/oauth/callback';

export interface CallbackListener {
  /** http://127.0.0.1:PORT/oauth/callback */
  redirectUri: string;
  close(): Promise<void>;
}

/** What the tab shows: plain text, so nothing a server put in the URL can run there. */
function answer(res: import('node:http').ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`${text}\n`);
}

export async function startCallbackListener(callbacks: CallbackRegistry): Promise<CallbackListener> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', redirectUri);
    if (url.pathname !== CALLBACK_PATH) return answer(res, 404, `Not found: mcpscope listens here only for ${CALLBACK_PATH}.`);
    if (req.method !== 'GET') return answer(res, 405, 'The authorization server must send the browser back with GET.');
    const delivered = callbacks.deliver(url);
    if (callbackAccepted(delivered)) answer(res, 200, 'mcpscope: authorization received. You can close this tab and return to the terminal.');
    else answer(res, 400, `mcpscope: ${delivered.message}`);
  });
  let redirectUri = '';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the OAuth callback listener has no port');
  redirectUri = `http://127.0.0.1:${address.port}${CALLBACK_PATH}`;
  // A person's browser may keep the connection alive; the run must still end.
  server.unref();
  return {
    redirectUri,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
