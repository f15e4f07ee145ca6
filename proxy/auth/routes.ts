// The proxy's two OAuth routes. GET /oauth/callback is where the
// authorization server sends the browser back: it carries no mcpscope token,
// so it can only hand the URL to a pending flow (matched by state) and answer
// a small page that runs nothing; a state that matches none changes no flow. /api/credentials lists (GET) and forgets
// (DELETE) what the store holds, never a secret; it sits behind the token.
// The list says too whether it outlives the proxy (--remember-credentials),
// and why not when the file cannot be used.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, sendText } from '../http.js';
import { callbackAccepted } from '../../node/auth/authorizer-types.js';
import type { CredentialStore, IssuerSummary } from '../../node/auth/credential-store.js';
import type { ProxyOAuth } from '../../node/auth/proxy-oauth.js';

/** Nothing but inline style: the page has no script, loads nothing, and cannot be framed. */
const CALLBACK_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export function serveCallback(req: IncomingMessage, res: ServerResponse, oauth: Pick<ProxyOAuth, 'callbacks' | 'redirectUri'>): void {
  if (req.method !== 'GET') {
    res.setHeader('Allow', 'GET');
    sendText(res, 405, 'The OAuth callback only takes the GET the authorization server redirects the browser to.');
    return;
  }
  let url: URL;
  try {
    // Against the redirect URI, so the flow sees exactly the URI it registered, whatever name the browser used.
    url = new URL(req.url ?? '', oauth.redirectUri);
  } catch {
    sendPage(res, 400, 'Not a callback', 'This address could not be read as an OAuth callback. Start the authorization again from mcpscope.');
    return;
  }
  const delivered = oauth.callbacks.deliver(url);
  if (callbackAccepted(delivered)) {
    sendPage(res, 200, 'Authorization received', 'Authorization received — you can close this tab; mcpscope continues by itself.');
  } else {
    sendPage(res, 400, 'Authorization not used', delivered.message);
  }
}

function sendPage(res: ServerResponse, status: number, title: string, message: string): void {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>mcpscope — ${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36em;margin:4em auto;padding:0 1em;color:#222}h1{font-size:1.3em}</style></head>
<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></body></html>
`;
  const bytes = Buffer.from(html, 'utf8');
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': bytes.length,
    'Cache-Control': 'no-store',
    'Content-Security-Policy': CALLBACK_CSP,
  });
  res.end(bytes);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** GET /api/credentials: the issuers, and where they are kept. */
export interface CredentialsListing {
  /** Whether they are kept in the credentials file across restarts (else in memory until the proxy stops). */
  persistent: boolean;
  /** That file, when they are. */
  file?: string;
  /** Why the file is not used, when it was asked for and cannot be. */
  problem?: string;
  issuers: IssuerSummary[];
}

export function credentialsListing(store: CredentialStore): CredentialsListing {
  const file = store.persistedTo;
  const problem = store.problem;
  return {
    persistent: store.persistent,
    ...(file !== undefined ? { file } : {}),
    ...(problem !== undefined ? { problem } : {}),
    issuers: store.summary(),
  };
}

export function serveCredentials(req: IncomingMessage, res: ServerResponse, store: CredentialStore): void {
  if (req.method === 'GET' || req.method === 'HEAD') {
    sendJson(res, credentialsListing(store));
    return;
  }
  if (req.method !== 'DELETE') {
    res.setHeader('Allow', 'GET, HEAD, DELETE');
    sendText(res, 405, `${req.method ?? 'This method'} is not allowed on /api/credentials: GET lists, DELETE forgets.`);
    return;
  }
  const issuer = new URL(req.url ?? '', 'http://mcpscope.invalid').searchParams.get('issuer');
  const done = (forgotten: string[]): void => sendJson(res, { forgotten });
  const failed = (err: unknown): void => sendText(res, 500, `Forgetting failed: ${err instanceof Error ? err.message : String(err)}`);
  if (issuer === null) {
    const all = store.summary().map((s) => s.issuer);
    store.forgetAll().then(() => done(all), failed);
    return;
  }
  store.forget(issuer).then((known) => {
    if (known) done([issuer]);
    else sendText(res, 404, `No credentials are stored for the issuer ${issuer}; nothing was forgotten. GET /api/credentials lists the issuers known.`);
  }, failed);
}
