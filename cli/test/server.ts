// The server of a test file as a transport the CLI opens: inline (paths
// relative to the test file), or a server of a config file beside it.

import { dirname } from 'node:path';
import type { HttpAuthConfig, ServerEntry, TestAuth, TestServer, TransportConfig } from '../../src/protocol/index.js';
import { pickConfigServer, readConfigFile, severalServers } from '../../node/config/config-file.js';
import { absolutePath } from '../../node/config/read-text.js';
import type { Checked } from '../../options/values.js';
import { answerInputs, type Ask } from '../config-inputs.js';

export interface TestTarget {
  transport: TransportConfig;
  /** The config entry's protocol version, when it names one. */
  entry?: ServerEntry;
  /** Sentences about the config entry that did not stop it. */
  notes: string[];
  /** server.auth: the flow is on (transport.auth), and whether the credentials file is used. */
  remember?: boolean;
}

/** --auth's configuration from the file's server.auth, the client secret read from the variable it names. */
function authConfig(auth: TestAuth): Checked<HttpAuthConfig> {
  const { clientSecretEnv, remember: _, ...rest } = auth;
  if (clientSecretEnv === undefined) return { ok: true, value: { mode: 'quick', ...rest } };
  const secret = process.env[clientSecretEnv];
  if (secret === undefined || secret === '')
    return { ok: false, error: `server.auth.clientSecretEnv names ${clientSecretEnv}, which is not set: set it to the client secret (in CI, from a secret).` };
  return { ok: true, value: { mode: 'quick', ...rest, clientSecret: secret } };
}

export async function targetOf(server: TestServer, testFile: string, ask: Ask | undefined): Promise<Checked<TestTarget>> {
  const dir = dirname(absolutePath(process.cwd(), testFile));
  if (server.kind === 'stdio') {
    const { kind, command, args, env } = server;
    return {
      ok: true,
      value: { transport: { kind, command, args, env, ...(server.cwd !== undefined ? { cwd: absolutePath(dir, server.cwd) } : {}) }, notes: [] },
    };
  }
  if (server.kind === 'http') {
    const transport: TransportConfig = { kind: 'http', url: server.url, headers: server.headers, mode: server.mode ?? 'auto' };
    if (!server.auth) return { ok: true, value: { transport, notes: [] } };
    const auth = authConfig(server.auth);
    if (!auth.ok) return auth;
    return { ok: true, value: { transport: { ...transport, auth: auth.value }, notes: [], remember: server.auth.remember } };
  }
  const file = readConfigFile(absolutePath(dir, server.file));
  if (!file.ok) return file;
  const picked = pickConfigServer(file.value, server.server);
  if (!picked.ok) return picked;
  if (!picked.value) return { ok: false, error: `${severalServers(file.value).replace('--server NAME', "'server: NAME' in the test file")}` };
  const entry = await answerInputs(picked.value, [], ask);
  if (!entry.ok) return entry;
  return { ok: true, value: { transport: entry.value.transport, entry: entry.value, notes: picked.value.notes } };
}
