// One server entry as an MCP registry server.json: `npx` and `uvx` commands become an npm or
// a pypi package, a remote server a remote; secret values become required secret inputs.

import { isSecretKey, type ServerEntry } from './entry.js';

function keyValueInputs(entry: ServerEntry, values: Record<string, string>): Array<Record<string, unknown>> {
  return Object.entries(values).map(([name, value]) => (isSecretKey(entry, name) ? { name, isRequired: true, isSecret: true } : { name, value }));
}

/** "pkg@1.2.0" → identifier and version; a scope's leading "@" is not a version. */
function splitAt(ref: string, separator: string): { identifier: string; version?: string } {
  const at = ref.lastIndexOf(separator);
  return at > 0 ? { identifier: ref.slice(0, at), version: ref.slice(at + separator.length) } : { identifier: ref };
}

function packageOf(entry: ServerEntry): Record<string, unknown> | string {
  const t = entry.transport;
  if (t.kind !== 'stdio') throw new Error('a remote has no package');
  const args = [...t.args];
  let ref: { identifier: string; version?: string };
  let registryType: string;
  if (t.command === 'npx') {
    while (args[0] === '-y' || args[0] === '--yes') args.shift();
    if (args[0] === undefined || args[0].startsWith('-'))
      return `Server "${entry.name}" runs npx with options before the package: write it as a server.json by hand.`;
    ref = splitAt(args.shift()!, '@');
    registryType = 'npm';
  } else if (t.command === 'uvx') {
    if (args[0] === undefined || args[0].startsWith('-'))
      return `Server "${entry.name}" runs uvx with options before the package: write it as a server.json by hand.`;
    ref = splitAt(args.shift()!, '==');
    registryType = 'pypi';
  } else {
    return `Server "${entry.name}" runs "${t.command}", not a package: a server.json can describe npx (npm) and uvx (pypi) packages and remote servers.`;
  }
  const env = keyValueInputs(entry, t.env);
  return {
    registryType,
    identifier: ref.identifier,
    ...(ref.version !== undefined ? { version: ref.version } : {}),
    transport: { type: 'stdio' },
    ...(args.length ? { packageArguments: args.map((value) => ({ type: 'positional', value })) } : {}),
    ...(env.length ? { environmentVariables: env } : {}),
  };
}

/** The entry as a registry server.json, or a sentence why it cannot be one. */
export function exportRegistryServer(entry: ServerEntry): { ok: true; text: string } | { ok: false; error: string } {
  const t = entry.transport;
  let part: Record<string, unknown>;
  if (t.kind === 'stdio') {
    const pkg = packageOf(entry);
    if (typeof pkg === 'string') return { ok: false, error: pkg };
    part = { packages: [pkg] };
  } else {
    const headers = keyValueInputs(entry, t.headers);
    part = { remotes: [{ type: t.mode === 'sse' ? 'sse' : 'streamable-http', url: t.url, ...(headers.length ? { headers } : {}) }] };
  }
  const file = { $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json', name: entry.name, ...part };
  return { ok: true, text: `${JSON.stringify(file, null, 2)}\n` };
}
