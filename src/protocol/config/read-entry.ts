// One server of an `mcpServers` (Claude Desktop, Claude Code, Cursor, Windsurf) or `servers`
// (VS Code) object, read into a ServerEntry with the host's substitution applied.

import type { StdioTransportConfig } from '../envelope/envelope.js';
import type { HttpMode } from '../http/exchange.js';
import { headerNameProblem, headerValueProblem } from '../http/headers.js';
import { isRecord } from '../json/guards.js';
import { ownValue } from '../text/own.js';
import { isSecretName, type ServerEntry } from './entry.js';
import { note, skip, type ConfigProblem, type ImportContext } from './problems.js';
import { HOST_NAME, substitute, type ConfigHost } from './substitute.js';

const TYPES: Record<string, HttpMode | 'stdio'> = { stdio: 'stdio', http: 'streamable-http', 'streamable-http': 'streamable-http', sse: 'sse' };

export interface EntryRead {
  entry?: ServerEntry;
  problems: ConfigProblem[];
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** Absolute on POSIX or Windows (a path from the home folder, ~/…, is for `resolveCwd` to expand). */
function isAbsolutePath(path: string): boolean {
  return path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\\\');
}

/** A string-valued object; other values are left out, each with a sentence. */
function stringMap(name: string, field: string, value: unknown, problems: ConfigProblem[]): Record<string, string> | undefined {
  if (value === undefined) return {};
  if (!isRecord(value)) {
    problems.push(skip(name, `"${field}" of server "${name}" is ${describe(value)}, not an object of names and values.`));
    return undefined;
  }
  // Pairs, then fromEntries: a key such as "__proto__" stays an ordinary key.
  const out: Array<[string, string]> = [];
  for (const [key, v] of Object.entries(value)) {
    if (typeof v === 'string') out.push([key, v]);
    else {
      // A secret's value is never repeated in a sentence.
      const example = isSecretName(key) || !['number', 'boolean'].includes(typeof v) ? '' : ` (for example "${String(v)}")`;
      problems.push(note(name, `${field} ${key} of server "${name}" is ${describe(v)}, not a string, so it was left out: write it in quotes${example}.`));
    }
  }
  return Object.fromEntries(out);
}

export function readEntry(name: string, raw: unknown, host: ConfigHost, ctx: ImportContext): EntryRead {
  const problems: ConfigProblem[] = [];
  const fail = (message: string): EntryRead => ({ problems: [...problems, skip(name, message)] });
  if (!isRecord(raw)) return fail(`Server "${name}" is ${describe(raw)}, not an object with a command or a url.`);
  const urlField = host === 'windsurf' && raw.serverUrl !== undefined ? 'serverUrl' : 'url';
  const { command, args, type } = raw;
  const url = raw[urlField];
  let kind: HttpMode | 'stdio' | undefined;
  if (type !== undefined) {
    kind = typeof type === 'string' ? ownValue(TYPES, type) : undefined;
    if (kind === undefined) return fail(`Server "${name}" has type ${JSON.stringify(type)}, which ${HOST_NAME[host]} does not know: use stdio, http or sse.`);
  }
  if (command !== undefined && url !== undefined)
    return fail(`Server "${name}" has both a command and a ${urlField}: keep the command to start it, or the ${urlField} to reach it.`);
  if (command === undefined && url === undefined)
    return fail(`Server "${name}" has neither a command nor a ${urlField}: add "command" to start it, or "${urlField}" to reach it.`);
  if (kind === 'stdio' && command === undefined) return fail(`Server "${name}" is of type stdio but has no command.`);
  if (kind !== undefined && kind !== 'stdio' && url === undefined) return fail(`Server "${name}" is of type ${String(type)} but has no url.`);

  const missing = new Set<string>();
  const sub = (text: string) => {
    const s = substitute(text, host, ctx);
    for (const m of s.missing) missing.add(m);
    return s.text;
  };
  const subAll = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, sub(v)]));
  let entry: ServerEntry;
  if (command !== undefined) {
    if (typeof command !== 'string' || command.trim() === '')
      return fail(`The command of server "${name}" is ${typeof command === 'string' ? 'empty' : describe(command)}: write the program to run, as a string.`);
    if (args !== undefined && !(Array.isArray(args) && args.every((a) => typeof a === 'string')))
      return fail(`"args" of server "${name}" must be a list of strings, such as ["server.js", "--port", "3000"].`);
    const env = stringMap(name, 'env', raw.env, problems);
    if (env === undefined) return { problems };
    const stdio: StdioTransportConfig = { kind: 'stdio', command: sub(command), args: (args ?? []).map(sub), env: subAll(env) };
    const { cwd } = raw;
    if (cwd !== undefined) {
      if (typeof cwd !== 'string') return fail(`"cwd" of server "${name}" is ${describe(cwd)}, not a folder path.`);
      const dir = sub(cwd);
      if (isAbsolutePath(dir) || ctx.resolveCwd === undefined) {
        if (!isAbsolutePath(dir))
          problems.push(
            note(name, `The cwd "${dir}" of server "${name}" is relative to the config file's folder, which pasted text does not have: it is kept as it is.`),
          );
        stdio.cwd = dir;
      } else {
        stdio.cwd = ctx.resolveCwd(dir);
      }
    }
    entry = { name, transport: stdio, secretKeys: [], ...(typeof raw.envFile === 'string' ? { envFile: sub(raw.envFile) } : {}) };
  } else {
    if (typeof url !== 'string' || url.trim() === '')
      return fail(
        `The ${urlField} of server "${name}" is ${typeof url === 'string' ? 'empty' : describe(url)}: write the server's address, such as "https://example.com/mcp".`,
      );
    const headers = stringMap(name, 'header', raw.headers, problems);
    if (headers === undefined) return { problems };
    const sent = subAll(headers);
    for (const [h, v] of Object.entries(sent)) {
      const problem = headerNameProblem(h) ?? headerValueProblem(h, v);
      if (problem === undefined) continue;
      delete sent[h];
      problems.push(note(name, `Header "${h}" of server "${name}" was left out: ${problem}`));
    }
    entry = {
      name,
      transport: { kind: 'http', url: sub(url).trim(), headers: sent, mode: kind === undefined || kind === 'stdio' ? 'auto' : kind },
      secretKeys: [],
    };
  }
  if (missing.size > 0) {
    const names = [...missing].join(', ');
    // Claude Code refuses a config whose variable is unset and has no default; the editors use an empty string.
    if (host === 'claude-code') return fail(`Server "${name}" uses ${names}, which is not set and has no default (write \${NAME:-default}, or set it).`);
    problems.push(note(name, `Server "${name}" uses ${names}, which is not set here: ${HOST_NAME[host]} would use an empty value, and so does this import.`));
  }
  return { entry, problems };
}
