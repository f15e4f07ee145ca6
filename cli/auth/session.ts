// What one CLI run needs to authorize its HTTP connection (issue 12): the
// credential store (memory, or the 0600 file with --remember-credentials), the
// loopback callback listener that names the redirect URI, the headless opener,
// and the flow's progress on stderr. One per run; closed when the run ends.

import { CredentialStore } from '../../proxy/auth/credential-store.js';
import { defaultCredentialFile } from '../../proxy/auth/credential-file.js';
import type { AuthorizerOptions, CallbackRegistry } from '../../proxy/auth/authorizer-types.js';
import { startCallbackListener } from './callback-listener.js';
import { headlessOpener } from './opener.js';
import { flowProgress } from './progress.js';

export interface CliAuthSessionOptions {
  /** --remember-credentials: the inspector's credentials file. */
  remember: boolean;
  callbacks: CallbackRegistry;
  /** One line for the person (stderr). */
  say: (line: string) => void;
  /** How long the authorization endpoint may take to answer the headless opener. */
  timeoutMs: number;
  /** The credentials file (tests); default the inspector's. */
  file?: string;
  fetch?: typeof fetch;
}

/** The per-run part of AuthorizerOptions. */
export type CliAuthPieces = Pick<AuthorizerOptions, 'store' | 'callbacks' | 'redirectUri' | 'open' | 'onFlow'>;

export interface CliAuthSession {
  pieces: CliAuthPieces;
  close(): Promise<void>;
}

export async function startCliAuthSession(options: CliAuthSessionOptions): Promise<CliAuthSession> {
  const store = await CredentialStore.open(options.remember ? { file: options.file ?? defaultCredentialFile() } : {});
  // The file is left as it was; the run still authorizes, from memory.
  if (store.problem !== undefined) options.say(`${store.problem} This run keeps its credentials in memory only.`);
  const listener = await startCallbackListener(options.callbacks);
  return {
    pieces: {
      store,
      callbacks: options.callbacks,
      redirectUri: listener.redirectUri,
      open: headlessOpener({
        redirectUri: listener.redirectUri,
        callbacks: options.callbacks,
        say: options.say,
        timeoutMs: options.timeoutMs,
        ...(options.fetch && { fetch: options.fetch }),
      }),
      onFlow: flowProgress(options.say),
    },
    close: async () => {
      await listener.close();
      await store.flushed();
    },
  };
}
