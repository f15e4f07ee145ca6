// A stdio server of a host's config file rewritten to start through `mcpscope wrap`, in the file's
// own shape, for the person to paste. Only command and args change: env, cwd, type, envFile and any
// other field stay exactly as the file wrote them (its ${…} references unexpanded, its values as they are).

import { parseTree } from 'jsonc-parser';
import { isRecord } from '../json/guards.js';
import { ownValue } from '../text/own.js';
import { nodeValue } from './import.js';
import { HOST_NAME, inputIdsIn, type ConfigHost } from './substitute.js';

export type WrappedConfig = { ok: true; text: string } | { ok: false; error: string };

export const NOT_A_HOST_CONFIG =
  "A registry server.json describes a package, not how a host starts it: add the server to your host's config, then give that file.";

/** The command and args that start `command args…` through the wrapper, recorded under `name`. */
function wrapperCommand(name: string, command: string, args: readonly string[]): { command: string; args: string[] } {
  return { command: 'npx', args: ['mcpscope', 'wrap', '--name', name, '--', command, ...args] };
}

/** Every string inside a JSON value. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  return isRecord(value) ? Object.values(value).flatMap(stringsIn) : [];
}

/** The entry with command and args replaced, its other fields in the file's order. */
function wrapped(raw: Record<string, unknown>, name: string, command: string, args: readonly string[]): Record<string, unknown> {
  const through = wrapperCommand(name, command, args);
  const pairs: Array<[string, unknown]> = [];
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'args') continue;
    if (key !== 'command') pairs.push([key, value]);
    else pairs.push(['command', through.command], ['args', through.args]);
  }
  return Object.fromEntries(pairs);
}

/**
 * Server `server` of the config `text` (written for `host`) as a file of that host's shape holding only
 * that server, started through `mcpscope wrap --name name -- …`; or a sentence why it cannot be.
 */
export function wrapConfigEntry(text: string, host: ConfigHost, server: string, name: string): WrappedConfig {
  if (host === 'registry') return { ok: false, error: NOT_A_HOST_CONFIG };
  const tree = parseTree(text.replace(/^\uFEFF/, ''), [], { allowTrailingComma: true, disallowComments: false });
  const json = tree === undefined ? undefined : nodeValue(tree);
  const key = host === 'vscode' ? 'servers' : 'mcpServers';
  const servers = isRecord(json) ? ownValue(json, key) : undefined;
  const raw = isRecord(servers) ? ownValue(servers, server) : undefined;
  if (!isRecord(raw)) return { ok: false, error: `The config has no server "${server}" under "${key}".` };
  const { command, args = [] } = raw;
  if (command === undefined)
    return {
      ok: false,
      error: `Server "${server}" is reached over HTTP, and "mcpscope wrap -- COMMAND" wraps only a server the host starts: for this one, point the host at "mcpscope wrap --listen 127.0.0.1:PORT --to URL" instead.`,
    };
  if (typeof command !== 'string' || !Array.isArray(args) || !args.every((a) => typeof a === 'string'))
    return { ok: false, error: `Server "${server}" needs a command (a string) and args (a list of strings) for ${HOST_NAME[host]} to start it.` };
  const entry = wrapped(raw, name, command, args);
  const serversOut = Object.fromEntries([[server, entry]]);
  let file: Record<string, unknown> = { mcpServers: serversOut };
  if (host === 'vscode') {
    // The inputs the entry uses go with it, as the file defines them: without them VS Code refuses it.
    const ids = new Set(stringsIn(raw).flatMap(inputIdsIn));
    const defined = isRecord(json) && Array.isArray(json.inputs) ? json.inputs : [];
    const inputs = defined.filter((i) => isRecord(i) && typeof i.id === 'string' && ids.has(i.id));
    file = { ...(inputs.length ? { inputs } : {}), servers: serversOut };
  }
  return { ok: true, text: `${JSON.stringify(file, null, 2)}\n` };
}
