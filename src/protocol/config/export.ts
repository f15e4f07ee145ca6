// Server entries written back as the config files hosts read, with every secret value left out:
// each host gets a placeholder in its own variable syntax (VS Code: a password input).

import { isSecretKey, keyedValues, type ServerEntry } from './entry.js';
import { variableReference, type ConfigHost } from './substitute.js';

export interface ConfigExport {
  /** The file's text, formatted as JSON with two spaces. */
  text: string;
  /** One sentence per entry that this host's file cannot hold (it is not in the text). */
  problems: string[];
}

/** An environment-variable name for a secret's placeholder: API_KEY stays, "Authorization" becomes AUTHORIZATION. */
export function placeholderName(key: string): string {
  const name = key.toUpperCase().replace(/[^A-Z0-9_]/g, '_');
  return /^[0-9]/.test(name) ? `_${name}` : name;
}

/** The input id a VS Code export asks for in place of a secret. */
const inputId = (entry: ServerEntry, key: string) => `${entry.name}-${key}`;

function placeholder(host: ConfigHost, entry: ServerEntry, key: string): string {
  if (host === 'vscode') return `\${input:${inputId(entry, key)}}`;
  // Claude Desktop replaces nothing: the person fills the value in.
  if (host === 'claude-desktop') return `<${placeholderName(key)}>`;
  return variableReference(host, placeholderName(key));
}

function withoutSecrets(host: ConfigHost, entry: ServerEntry, values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, isSecretKey(entry, k) ? placeholder(host, entry, k) : v]));
}

const TYPE_OF_MODE = { 'streamable-http': 'http', auto: 'http', sse: 'sse', plain: 'http' } as const;

/** One entry in the `mcpServers` / `servers` object of the host, or a sentence why it cannot be. */
function hostEntry(host: ConfigHost, entry: ServerEntry): Record<string, unknown> | string {
  const t = entry.transport;
  const typed = host === 'claude-code' || host === 'vscode';
  if (t.kind === 'stdio') {
    const env = withoutSecrets(host, entry, t.env);
    return {
      ...(typed ? { type: 'stdio' } : {}),
      command: t.command,
      args: t.args,
      ...(Object.keys(env).length ? { env } : {}),
      ...(t.cwd !== undefined ? { cwd: t.cwd } : {}),
      ...(host === 'vscode' && entry.envFile !== undefined ? { envFile: entry.envFile } : {}),
    };
  }
  if (host === 'claude-desktop')
    return `Server "${entry.name}" is remote (${t.url}): Claude Desktop's config file only starts servers; add it under Settings → Connectors.`;
  const headers = withoutSecrets(host, entry, t.headers);
  return {
    ...(typed ? { type: TYPE_OF_MODE[t.mode] } : {}),
    [host === 'windsurf' ? 'serverUrl' : 'url']: t.url,
    ...(Object.keys(headers).length ? { headers } : {}),
  };
}

function secretInputs(entries: readonly ServerEntry[]): Array<Record<string, unknown>> {
  return entries.flatMap((entry) =>
    Object.keys(keyedValues(entry.transport))
      .filter((k) => isSecretKey(entry, k))
      .map((k) => ({ type: 'promptString', id: inputId(entry, k), description: `${k} of ${entry.name}`, password: true })),
  );
}

/** The entries as the config file of a host (for the registry, see `exportRegistryServer`). */
export function exportConfig(entries: readonly ServerEntry[], host: Exclude<ConfigHost, 'registry'>): ConfigExport {
  const written = new Map<ServerEntry, Record<string, unknown>>();
  const problems: string[] = [];
  for (const entry of entries) {
    const out = hostEntry(host, entry);
    if (typeof out === 'string') problems.push(out);
    else written.set(entry, out);
  }
  // fromEntries: a server named "__proto__" stays an ordinary server.
  const servers = Object.fromEntries([...written].map(([entry, out]) => [entry.name, out]));
  const exported = [...written.keys()];
  const file = host === 'vscode' ? { inputs: secretInputs(exported), servers } : { mcpServers: servers };
  return { text: `${JSON.stringify(file, null, 2)}\n`, problems };
}
