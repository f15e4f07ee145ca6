// The server of a test file as a transport the CLI opens: inline (paths
// relative to the test file), or a server of a config file beside it.

import { dirname } from 'node:path';
import type { ServerEntry, TestServer, TransportConfig } from '../../src/protocol/index.js';
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
  if (server.kind === 'http')
    return { ok: true, value: { transport: { kind: 'http', url: server.url, headers: server.headers, mode: server.mode ?? 'auto' }, notes: [] } };
  const file = readConfigFile(absolutePath(dir, server.file));
  if (!file.ok) return file;
  const picked = pickConfigServer(file.value, server.server);
  if (!picked.ok) return picked;
  if (!picked.value) return { ok: false, error: `${severalServers(file.value).replace('--server NAME', "'server: NAME' in the test file")}` };
  const entry = await answerInputs(picked.value, [], ask);
  if (!entry.ok) return entry;
  return { ok: true, value: { transport: entry.value.transport, entry: entry.value, notes: picked.value.notes } };
}
