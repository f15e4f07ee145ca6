// /api/servers: the saved-server list the page shows and edits (behind the token, Origin and Host checks
// like every /api route). Answers are JSON; a refusal is { error } with one sentence saying what happened
// and what to do. Secret values never leave here except through reveal, one key at a time.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SavedServers } from '../node/servers/saved-servers.js';
import {
  addServer,
  deleteServer,
  duplicateServer,
  editServer,
  importServers,
  storedSecret,
  viewOf,
  type EditOutcome,
  type SavedServer,
} from '../src/protocol/wire.js';
import { allow, sendError, sendJson } from './http.js';
import { readJsonBody } from './json-body.js';

export const SERVERS_PATH = '/api/servers';
/** Bodies are small JSON documents; an import of a big config file stays well under this. */
export const MAX_BODY_BYTES = 1024 * 1024;

const STATUS = { invalid: 400, unknown: 404, taken: 409, 'read-only': 409, broken: 409, busy: 503 } as const;

type Refusal = { ok: false; reason: keyof typeof STATUS; error: string };

/** The route under /api/servers: the collection, import, reset, or one server (and its action). */
function routeOf(path: string): { id?: string; action?: string } | undefined {
  const rest = path.slice(SERVERS_PATH.length);
  if (rest === '' || rest === '/') return {};
  const parts = rest.slice(1).split('/');
  if (parts.length > 2 || parts.some((p) => p === '')) return undefined;
  try {
    const id = decodeURIComponent(parts[0]!);
    return parts.length === 2 ? { id, action: parts[1]! } : { id };
  } catch {
    return undefined;
  }
}

export function serveServers(req: IncomingMessage, res: ServerResponse, path: string, servers: SavedServers): void {
  handle(req, res, path, servers).catch((err: unknown) => {
    if (res.headersSent) res.destroy();
    else
      sendError(
        res,
        500,
        `The server list could not be saved to ${servers.file.path} (${err instanceof Error ? err.message : String(err)}): check the disk and the folder's permissions, then try again.`,
      );
  });
}

async function handle(req: IncomingMessage, res: ServerResponse, path: string, servers: SavedServers): Promise<void> {
  const route = routeOf(path);
  const method = req.method;
  if (route === undefined) {
    sendError(res, 404, `No API at ${path}: the server list is at ${SERVERS_PATH} and ${SERVERS_PATH}/<id>.`);
    return;
  }
  /** Answers an edit: the server (or `answer`'s value) with `status`, or the refusal's status and sentence. */
  const answer = async <T>(outcome: Promise<EditOutcome<T> | Refusal>, status: number, body: (value: T) => unknown): Promise<void> => {
    const o = await outcome;
    if (o.ok) sendJson(res, body(o.value), status);
    else sendError(res, STATUS[o.reason], o.error);
  };
  const server = (s: SavedServer) => ({ server: viewOf(s) });
  const withBody = async (then: (body: Record<string, unknown>) => Promise<void>): Promise<void> => {
    const body = await readJsonBody(req, MAX_BODY_BYTES, 'send less at once (import fewer servers)');
    if (!body.ok) sendError(res, body.status, body.error);
    else await then(body.value as Record<string, unknown>);
  };

  if (route.id === undefined) {
    if (method === 'GET' || method === 'HEAD') sendJson(res, await servers.view());
    else if (method === 'POST')
      await withBody((b) =>
        answer(
          servers.edit((list, ctx) => addServer(list, b.entry, ctx)),
          201,
          server,
        ),
      );
    else allow(res, 'GET, POST', SERVERS_PATH, method);
    return;
  }
  if (route.action === undefined && (route.id === 'import' || route.id === 'reset')) {
    if (method !== 'POST') return allow(res, 'POST', `${SERVERS_PATH}/${route.id}`, method);
    if (route.id === 'import') {
      await withBody((b) =>
        answer(
          servers.edit((list, ctx) => importServers(list, b.entries, ctx)),
          201,
          (o) => ({ added: o.added.map(viewOf), renamed: o.renamed }),
        ),
      );
    } else await reset(res, servers);
    return;
  }
  const { id } = route;
  if (route.action === undefined) {
    if (method === 'PUT')
      await withBody((b) =>
        answer(
          servers.edit((list, ctx) => editServer(list, id, b.entry, ctx)),
          200,
          server,
        ),
      );
    else if (method === 'DELETE') {
      const o = await servers.edit((list, ctx) => deleteServer(list, id, ctx));
      if (o.ok) res.writeHead(204, { 'Cache-Control': 'no-store' }).end();
      else sendError(res, STATUS[o.reason], o.error);
    } else allow(res, 'PUT, DELETE', `${SERVERS_PATH}/<id>`, method);
    return;
  }
  if (route.action === 'duplicate') {
    if (method !== 'POST') return allow(res, 'POST', `${SERVERS_PATH}/<id>/duplicate`, method);
    await answer(
      servers.edit((list, ctx) => duplicateServer(list, id, ctx)),
      201,
      server,
    );
    return;
  }
  if (route.action === 'reveal') {
    if (method !== 'POST') return allow(res, 'POST', `${SERVERS_PATH}/<id>/reveal`, method);
    await withBody(async (b) => {
      const found = await servers.find(id);
      if (found === undefined)
        return sendError(res, 404, `No saved server has the id ${JSON.stringify(id)}: it may have been deleted elsewhere; reload the list.`);
      const value = typeof b.key === 'string' ? storedSecret(found.entry, b.key) : undefined;
      if (value === undefined) {
        const keys = viewOf(found).secretValues;
        const known = keys.length ? `its kept secrets are ${keys.join(', ')}` : 'it keeps no secret';
        return sendError(res, 404, `Server "${found.entry.name}" keeps no secret under ${JSON.stringify(b.key)}: ${known}.`);
      }
      sendJson(res, { value });
    });
    return;
  }
  sendError(res, 404, `No action "${route.action}" on a saved server: there are duplicate and reveal.`);
}

async function reset(res: ServerResponse, servers: SavedServers): Promise<void> {
  const read = await servers.file.read();
  if (read.ok) {
    sendError(res, 409, `The server list ${servers.file.path} is not broken, so nothing was moved aside.`);
    return;
  }
  const movedAside = await servers.file.reset();
  sendJson(res, { ...(await servers.view()), ...(movedAside !== undefined ? { movedAside } : {}) });
}
