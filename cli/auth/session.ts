// What one CLI run needs to authorize its HTTP connection: the
// credential store (memory, or the 0600 file with --remember-credentials), the
// loopback callback listener that names the redirect URI, the headless opener,
// and the flow's progress on stderr. One per run; closed when the run ends.

import { createAuthorizer } from '../../node/auth/authorizer.js';
import { createCallbackRegistry } from '../../node/auth/callbacks.js';
import { CredentialStore } from '../../node/auth/credential-store.js';
import { defaultCredentialFile } from '../../node/auth/credential-file.js';
import type { AuthorizerOptions, CallbackRegistry } from '../../node/auth/authorizer-types.js';
import { createHttpUpstream, type AuthorizerFactory } from '../../node/upstream/http/index.js';
import { openStdioOrHttp, type UpstreamOpener } from '../connection.js';
import { startCallbackListener } from './callback-listener.js';
import { headlessOpener } from './opener.js';
import { flowProgress } from './progress.js';

export interface CliAuthSessionOptions {
  /** --remember-credentials: the inspector's credentials file. */
  remember: boolean;
  /** Default: a registry of this run's own. */
  callbacks?: CallbackRegistry;
  /** One line for the person (stderr). */
  say: (line: string) => void;
  /** The flow's "[n/8] step: …" lines (stderr, unprefixed). */
  progress: (line: string) => void;
  /** How long the authorization endpoint may take to answer the headless opener. */
  timeoutMs: number;
  /** The credentials file (tests); default the inspector's. */
  file?: string;
  fetch?: typeof fetch;
  /** No person can approve in a browser (a test run): what to do instead, said when one would be needed. */
  withoutPerson?: string;
}

/** The per-run part of AuthorizerOptions. */
export type CliAuthPieces = Pick<AuthorizerOptions, 'store' | 'callbacks' | 'redirectUri' | 'open' | 'onFlow'>;

export interface CliAuthSession {
  pieces: CliAuthPieces;
  /** Opens the run's upstreams: HTTP ones with transport.auth authorize through this session. */
  opener: UpstreamOpener;
  close(): Promise<void>;
}

/** How long a person has to approve in the browser when the server does not approve by itself. */
export const CLI_CALLBACK_TIMEOUT_MS = 5 * 60_000;

export async function startCliAuthSession(options: CliAuthSessionOptions): Promise<CliAuthSession> {
  const store = await CredentialStore.open(options.remember ? { file: options.file ?? defaultCredentialFile() } : {});
  // The file is left as it was; the run still authorizes, from memory.
  if (store.problem !== undefined) options.say(`${store.problem} This run keeps its credentials in memory only.`);
  const callbacks = options.callbacks ?? createCallbackRegistry();
  const listener = await startCallbackListener(callbacks);
  const pieces: CliAuthPieces = {
    store,
    callbacks,
    redirectUri: listener.redirectUri,
    open: headlessOpener({
      redirectUri: listener.redirectUri,
      callbacks,
      say: options.say,
      timeoutMs: options.timeoutMs,
      ...(options.fetch && { fetch: options.fetch }),
      ...(options.withoutPerson !== undefined && { withoutPerson: options.withoutPerson }),
    }),
    onFlow: flowProgress(options.progress),
  };
  // The HTTP upstream's own open and onFlow are for the page; the terminal gets ours.
  const authorize: AuthorizerFactory = (hooks) =>
    createAuthorizer({ ...hooks, ...pieces, callbackTimeoutMs: CLI_CALLBACK_TIMEOUT_MS, ...(options.fetch && { fetch: options.fetch }) });
  return {
    pieces,
    opener: (target, listen) => (target.kind === 'http' ? createHttpUpstream(target, listen, {}, { authorize }) : openStdioOrHttp(target, listen)),
    close: async () => {
      await listener.close();
      await store.flushed();
    },
  };
}
