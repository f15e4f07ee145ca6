// The proxy's one HTTP server: the built UI, GET /api/config, and WebSocket
// sessions on /ws, each bridged to one upstream. Every request passes the
// Host/Origin/token checks of security.ts before anything else happens; only
// /oauth/callback, where an authorization server sends the browser back, has
// no token to show (it passes the Host and Origin checks).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { DEFAULT_MODEL_TIMEOUT_MS, ENVELOPE_SUBPROTOCOL, type ConfigProblem, type LaunchConfig } from '../src/protocol/wire.js';
import type { ConfigServer } from '../node/config/config-file.js';
import { createAuthorizer } from '../node/auth/authorizer.js';
import { launchWithConfigFile } from './config-launch.js';
import type { Authorizer, AuthorizerOptions, CallbackRegistry } from '../node/auth/authorizer-types.js';
import { createCallbackRegistry } from '../node/auth/callbacks.js';
import { serveCallback, serveCredentials } from './auth/routes.js';
import { CredentialStore } from '../node/auth/credential-store.js';
import { OAUTH_CALLBACK_PATH, redirectUriFor, type ProxyOAuth } from '../node/auth/proxy-oauth.js';
import { Bridge, type UpstreamFactory } from './bridge.js';
import { refuseUpgrade, securityHeaders, sendJson, sendText } from './http.js';
import { DEFAULT_HOST, DEFAULT_MAX_SERVERS, DEFAULT_PORT } from '../options/table.js';
import { demoServerCommand, packageVersion, uiDir as defaultUiDir } from './paths.js';
import { checkRequest, createToken, isLoopbackHostname, isWildcardHost, ownOrigins, urlHost, type SecurityContext } from './security.js';
import { limitServers } from './server-limit.js';
import { SERVERS_PATH, serveServers } from './servers-routes.js';
import { SavedServers } from '../node/servers/saved-servers.js';
import { defaultServersFile, ServersFile } from '../node/servers/servers-file.js';
import { serveStatic } from './static.js';
import { createHttpUpstream, type HttpUpstreamOptions } from '../node/upstream/http/index.js';
import { createStdioUpstream } from '../node/upstream/stdio.js';
import { removeOwnProxyFile, writeProblem, writeProxyFile } from '../node/proxy-file/proxy-file.js';
import { capturedSockets, type CapturedOptions } from './captured/sockets.js';
import { ModelKeys } from '../node/models/keys.js';
import { MODELS_PATH, serveModels } from './models/routes.js';
import { providerGenerate, type GenerateModel } from './models/generate.js';
import { sandboxShownHost, startSandbox, type RunningSandbox } from './sandbox/server.js';

export interface StartProxyOptions {
  /** Default 6290; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1; anything else prints a warning. */
  host?: string;
  /** The app sandbox's port (a second origin, on the same host); default 0, a free one. */
  sandboxPort?: number;
  /** Default: MCPSCOPE_TOKEN, or a fresh random token. */
  token?: string;
  /** Extra allowed origins, already normalised (see parseOptions). */
  allowOrigins?: string[];
  /** What /api/config returns; default: the demo server. */
  launch?: LaunchConfig;
  /** The built UI; default dist/ui of this package. */
  uiDir?: string;
  /** The saved-server list; default servers.json in the config directory (tests give a temporary one). */
  serversFile?: string;
  /** Shutdown grace period of stdio servers (ms), for each of the stdin-close and SIGTERM steps. */
  graceMs?: number;
  /** Timeouts and limits of HTTP upstreams (tests shorten them). */
  http?: HttpUpstreamOptions;
  /** How sessions reach their server; default: stdio or HTTP, as each session asks. */
  createUpstream?: UpstreamFactory;
  /** Servers (stdio or HTTP) running at once, over all sessions; default 8. */
  maxServers?: number;
  /** Where warnings go; default stderr. */
  warn?: (line: string) => void;
  /** OAuth. */
  oauth?: ProxyOAuthOptions;
  /** npm start --config FILE: every server of that file, offered to the page; the selected one prefills the Connect form. */
  configFile?: ConfigFileLaunch;
  /** Where to say how this proxy is found (port, token), for `mcpscope wrap`; written once listening, removed at close. Default: nowhere. */
  proxyFile?: string;
  /** Bounds of the wrapped sessions kept, and of the page feed (tests lower them). */
  captured?: CapturedOptions;
  /** Model providers: where typed keys are kept, how a model is called. */
  models?: ProxyModelsOptions;
}

export interface ProxyModelsOptions {
  /** --remember-credentials: keep typed model keys and endpoints in this 0600 file; default memory only. */
  keyFile?: string;
  /** Where ANTHROPIC_API_KEY, OPENAI_API_KEY and their base URLs are read; default process.env. */
  env?: NodeJS.ProcessEnv;
  /** Tests give their own; default node/models/' providers. */
  generate?: GenerateModel;
  /** How long a model may take to answer; default 120 s. */
  timeoutMs?: number;
}

/** The --config file as npm start read it, once, at start (read-only: never written). */
export interface ConfigFileLaunch {
  /** Absolute. */
  path: string;
  /** The servers that can be used, with the ${input:…} they still need (--input's answers put in). */
  servers: ConfigServer[];
  problems: ConfigProblem[];
  /** The name of the server --server picked (or the file's only one). */
  selected?: string;
}

export interface ProxyOAuthOptions {
  /** --remember-credentials: persist client registrations and tokens in this 0600 file; default memory only. */
  credentialFile?: string;
  /** Tests give their own; default the engine's. */
  createAuthorizer?: (options: AuthorizerOptions) => Authorizer;
  callbacks?: CallbackRegistry;
}

export interface RunningProxy {
  port: number;
  /** The page to open, with the token in the fragment. */
  url: string;
  token: string;
  /** The app sandbox's origin (http://127.0.0.1:PORT), where MCP Apps run. */
  sandboxOrigin: string;
  /** Stop every server (in parallel), close every socket, stop listening. */
  close(): Promise<void>;
}

export class ProxyStartError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

function listenError(err: NodeJS.ErrnoException, port: number, host: string): ProxyStartError {
  if (err.code === 'EADDRINUSE') {
    return new ProxyStartError(`Port ${port} is in use: pass --port N, or --port 0 for a free one.`, err.code);
  }
  if (err.code === 'EACCES') {
    return new ProxyStartError(`Port ${port} needs more privileges: pass --port N with N above 1023, or --port 0.`, err.code);
  }
  if (err.code === 'EADDRNOTAVAIL' || err.code === 'ENOTFOUND') {
    return new ProxyStartError(`Cannot listen on ${host}: it is not an address of this machine. Leave --host out to use 127.0.0.1.`, err.code);
  }
  return new ProxyStartError(`Cannot listen on ${host}:${port}: ${err.message}.`, err.code);
}

function pathOf(req: IncomingMessage): string {
  try {
    return new URL(req.url ?? '/', 'http://mcpscope.invalid').pathname;
  } catch {
    return '/';
  }
}

export async function startProxy(options: StartProxyOptions = {}): Promise<RunningProxy> {
  const host = options.host ?? DEFAULT_HOST;
  const token = options.token ?? createToken();
  const root = options.uiDir ?? defaultUiDir;
  const launch = launchWithConfigFile(
    options.launch ?? { version: packageVersion(), prefill: { kind: 'stdio', ...demoServerCommand(), env: {} } },
    options.configFile,
  );
  const graceMs = options.graceMs;
  const createUpstream = limitServers(
    options.createUpstream ??
      ((config, listener, connection) =>
        config.kind === 'http' ? createHttpUpstream(config, listener, options.http, connection) : createStdioUpstream(config, listener, { graceMs })),
    options.maxServers ?? DEFAULT_MAX_SERVERS,
  );
  const warn = options.warn ?? ((line: string) => process.stderr.write(`${line}\n`));
  if (!isLoopbackHostname(host)) {
    warn(`mcpscope: warning: listening on ${host}, not on loopback. Anyone on that network who gets the token can start processes on this machine.`);
  }

  const store = await CredentialStore.open(options.oauth?.credentialFile !== undefined ? { file: options.oauth.credentialFile } : {});
  if (store.problem !== undefined) warn(`mcpscope: ${store.problem}`);
  const modelKeys = await ModelKeys.open({
    ...(options.models?.keyFile !== undefined ? { file: options.models.keyFile } : {}),
    ...(options.models?.env !== undefined ? { env: options.models.env } : {}),
  });
  if (modelKeys.problem !== undefined) warn(`mcpscope: ${modelKeys.problem}`);
  const models = {
    keys: modelKeys,
    generate: options.models?.generate ?? providerGenerate,
    timeoutMs: options.models?.timeoutMs ?? DEFAULT_MODEL_TIMEOUT_MS,
  };
  const savedServers = new SavedServers(new ServersFile(options.serversFile ?? defaultServersFile()), options.configFile);
  const ctx: SecurityContext = { port: options.port ?? DEFAULT_PORT, token, host, allowOrigins: options.allowOrigins ?? [] };
  const oauth: ProxyOAuth = {
    store,
    callbacks: options.oauth?.callbacks ?? createCallbackRegistry(),
    // Named once the port is known (listening on port 0 picks one).
    redirectUri: '',
    createAuthorizer: options.oauth?.createAuthorizer ?? createAuthorizer,
  };
  let headers = securityHeaders(ownOrigins(ctx));
  // /api/config: the launch, with the app sandbox's URL once it listens.
  let served: LaunchConfig = launch;
  const bridges = new Set<Bridge>();
  let closing: Promise<void> | undefined;
  const captured = capturedSockets(options.captured);
  const wss = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    maxPayload: 80 * 1024 * 1024,
    handleProtocols: (protocols) => (protocols.has(ENVELOPE_SUBPROTOCOL) ? ENVELOPE_SUBPROTOCOL : false),
  });

  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
    const path = pathOf(req);
    const isApi = path === '/ws' || captured.owns(path) || path === '/api' || path.startsWith('/api/');
    const verdict = checkRequest(req.headers, ctx, isApi);
    if (!verdict.ok) {
      if (verdict.status === 401) res.setHeader('WWW-Authenticate', 'Bearer');
      sendText(res, verdict.status, verdict.message);
      return;
    }
    if (path === '/api/credentials') {
      serveCredentials(req, res, store);
      return;
    }
    if (path === SERVERS_PATH || path.startsWith(`${SERVERS_PATH}/`)) {
      serveServers(req, res, path, savedServers);
      return;
    }
    if (path === MODELS_PATH || path.startsWith(`${MODELS_PATH}/`)) {
      serveModels(req, res, path, models);
      return;
    }
    if (path === OAUTH_CALLBACK_PATH) {
      serveCallback(req, res, oauth);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      sendText(res, 405, `${req.method ?? 'This method'} is not allowed here: mcpscope only serves GET.`);
      return;
    }
    if (path === '/api/config') sendJson(res, served);
    else if (path === '/ws' || captured.owns(path)) sendText(res, 426, 'This is the WebSocket endpoint: connect with a WebSocket.');
    else if (isApi) sendText(res, 404, `No API at ${path}.`);
    else {
      serveStatic(req, res, root).catch(() => {
        if (res.headersSent) res.destroy();
        else sendText(res, 500, 'Could not read the UI files.');
      });
    }
  };

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    socket.on('error', () => {});
    if (closing !== undefined) {
      refuseUpgrade(socket, 503, 'mcpscope is shutting down.', headers);
      return;
    }
    const verdict = checkRequest(req.headers, ctx, true);
    if (!verdict.ok) {
      refuseUpgrade(socket, verdict.status, verdict.message, headers);
      return;
    }
    const path = pathOf(req);
    if (captured.owns(path)) {
      captured.upgrade(path, req, socket, head, (status, sentence) => refuseUpgrade(socket, status, sentence, headers));
      return;
    }
    if (path !== '/ws') {
      refuseUpgrade(socket, 404, 'WebSocket sessions live at /ws.', headers);
      return;
    }
    const offered = (req.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
    if (!offered.includes(ENVELOPE_SUBPROTOCOL)) {
      refuseUpgrade(socket, 400, `Offer the WebSocket subprotocol "${ENVELOPE_SUBPROTOCOL}": this proxy speaks that envelope version.`, headers);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
      const bridge: Bridge = new Bridge(ws, createUpstream, () => bridges.delete(bridge), oauth, savedServers);
      bridges.add(bridge);
    });
  };

  const server = createServer(onRequest);
  server.on('upgrade', onUpgrade);
  server.on('clientError', (_err, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => reject(listenError(err, ctx.port, host)));
    server.listen(ctx.port, host, () => resolve());
  });
  server.on('error', () => {}); // after listening, errors surface on their connections
  const address = server.address();
  ctx.port = typeof address === 'object' && address !== null ? address.port : ctx.port;
  headers = securityHeaders(ownOrigins(ctx));
  // By the address actually bound: "localhost" may have bound ::1 only.
  oauth.redirectUri = redirectUriFor(typeof address === 'object' && address !== null ? address.address : host, ctx.port);

  // A CSP source cannot name an IPv6 literal, so a proxy on ::1 (its page and its sandbox) is named localhost, which is ::1 too.
  const shownHost = isWildcardHost(host) ? '127.0.0.1' : host === '::1' ? 'localhost' : urlHost(host);
  let sandbox: RunningSandbox;
  try {
    sandbox = await startSandbox({
      host,
      port: options.sandboxPort ?? 0,
      shownHost: sandboxShownHost(shownHost, typeof address === 'object' && address !== null ? address.address : host),
      uiDir: root,
      pageOrigins: () => [...ownOrigins(ctx), ...ctx.allowOrigins],
      // Any name of this machine at the proxy's port: a loopback one, the bind address, or any at all when bound to every address.
      isProxy: (hostname, port) =>
        port === ctx.port && (isWildcardHost(host) || isLoopbackHostname(hostname) || ownOrigins(ctx).some((o) => new URL(o).hostname === hostname)),
    });
  } catch (err) {
    server.close();
    const port = options.sandboxPort ?? 0;
    const e = listenError(err as NodeJS.ErrnoException, port, host);
    throw new ProxyStartError(`The app sandbox: ${e.message.replaceAll('--port', '--sandbox-port')}`, e.code);
  }
  served = { ...launch, sandboxUrl: `${sandbox.origin}/` };
  headers = securityHeaders(ownOrigins(ctx), sandbox.origin);
  const proxyFile = options.proxyFile;
  if (proxyFile !== undefined) {
    const own = {
      mcpscope: 'proxy' as const,
      version: 1 as const,
      pid: process.pid,
      host: shownHost,
      port: ctx.port,
      token,
      startedAt: new Date().toISOString(),
    };
    try {
      await writeProxyFile(proxyFile, own);
    } catch (err) {
      warn(`mcpscope: cannot write ${proxyFile} (${writeProblem(err)}), so mcpscope wrap will not find this proxy; the page works as usual.`);
    }
  }
  const close = async (): Promise<void> => {
    if (proxyFile !== undefined) removeOwnProxyFile(proxyFile, { pid: process.pid, token });
    const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
    await Promise.all([...bridges].map((b) => b.shutdown()));
    const sockets = () => [...wss.clients, ...captured.clients()];
    for (const ws of sockets()) ws.close(1001, 'mcpscope stopped');
    const deadline = Date.now() + 300;
    while (sockets().length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    for (const ws of sockets()) ws.terminate();
    server.closeAllConnections();
    await Promise.all([new Promise<void>((resolve) => wss.close(() => resolve())), captured.close(), sandbox.close()]);
    await stopped;
  };
  return {
    port: ctx.port,
    url: `http://${shownHost}:${ctx.port}/#token=${encodeURIComponent(token)}`,
    token,
    sandboxOrigin: sandbox.origin,
    close: () => (closing ??= close()),
  };
}
