// The page's own connection made into a test file: its server as the Connect
// form had it (secret values never written: their keys are named in a
// comment), its version choice, and its answered calls, reads and prompts as
// steps (see build.ts) — all of the connection's, or one call.

import type { LogRecord } from '../capture/record.js';
import type { TransportConfig } from '../envelope/envelope.js';
import { isSecretKey } from '../config/entry.js';
import { KEPT_SECRET } from '../config/server-list.js';
import type { Result } from '../result.js';
import { buildTestFile, exchangesOf, type BuiltTest, type TestExchange } from './build.js';

export interface ConnectionForTest {
  /** The test's name (the server's). */
  name: string;
  transport: TransportConfig;
  /** Keys the person marked secret, beyond those `isSecretName` catches. */
  secretKeys?: readonly string[];
  /** The version picked in the Connect form: a version or auto. */
  versionChoice?: string;
  /** "connection 2 of mcpscope's page": for the first comment line. */
  made: string;
}

interface TestServerText {
  server: Record<string, unknown>;
  comment: string[];
}

/** The server as a test file writes it; what was left out, said in comment lines. */
function testServerOf(transport: TransportConfig, secretKeys: readonly string[] = []): TestServerText {
  const entry = { secretKeys: [...secretKeys] };
  const split = (values: Record<string, string>) => {
    const kept = Object.entries(values).filter(([k, v]) => !isSecretKey(entry, k) && v !== KEPT_SECRET);
    const left = Object.keys(values).filter((k) => !kept.some(([kk]) => kk === k));
    return { kept: Object.fromEntries(kept), left };
  };
  const comment: string[] = [];
  const secrets = (what: string, left: string[]) => {
    if (left.length)
      comment.push(
        `Left out, as secrets: ${what} ${left.join(', ')}. Give them through a config file instead ('config: mcp.json' and 'server: NAME', its values as \${env:NAME}): see docs/testing.md.`,
      );
  };
  if (transport.kind === 'stdio') {
    const { kept, left } = split(transport.env);
    secrets('env', left);
    comment.push("The command as the page's proxy ran it: relative paths are read from the folder mcpscope test runs in.");
    return {
      server: {
        command: transport.command,
        ...(transport.args.length ? { args: transport.args } : {}),
        ...(Object.keys(kept).length ? { env: kept } : {}),
        ...(transport.cwd !== undefined ? { cwd: transport.cwd } : {}),
      },
      comment,
    };
  }
  const { kept, left } = split(transport.headers);
  secrets('headers', left);
  if (transport.auth && transport.auth.mode !== 'off')
    comment.push('Left out: its OAuth settings (a test file reaches a server that needs OAuth through a config file).');
  const type = transport.mode === 'sse' || transport.mode === 'streamable-http' ? { type: transport.mode } : {};
  return { server: { url: transport.url, ...type, ...(Object.keys(kept).length ? { headers: kept } : {}) }, comment };
}

function fromExchanges(c: ConnectionForTest, exchanges: readonly TestExchange[], notes: readonly string[]): Result<BuiltTest> {
  const { server, comment } = testServerOf(c.transport, c.secretKeys);
  return buildTestFile({
    name: c.name,
    server,
    comment: [`Made in mcpscope from ${c.made}; each result is its step's match.`, ...comment],
    ...(c.versionChoice !== undefined ? { protocolVersion: c.versionChoice } : {}),
    exchanges,
    notes,
  });
}

/** Every answered call, read and prompt of the connection's log records. */
export function testFromConnection(c: ConnectionForTest, records: readonly LogRecord[]): Result<BuiltTest> {
  const { exchanges, notes } = exchangesOf(records);
  return fromExchanges(c, exchanges, notes);
}

/** One call (a History entry) as a test file of one step. */
export function testFromCall(c: ConnectionForTest, call: { tool: string; arguments: unknown; result: unknown }): Result<BuiltTest> {
  const params = { name: call.tool, ...(call.arguments !== undefined ? { arguments: call.arguments } : {}) };
  return fromExchanges(c, [{ method: 'tools/call', params, result: call.result, where: `the call of ${call.tool}` }], []);
}

/** `NAME.mcpscope-test.yaml`, NAME the server's name with only letters, digits, dots, dashes and underscores. */
export function testFileName(serverName: string): string {
  const safe = serverName
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[.-]+|-+$/g, '')
    .slice(0, 80);
  return `${safe || 'server'}.mcpscope-test.yaml`;
}
