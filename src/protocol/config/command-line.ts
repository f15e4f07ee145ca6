// A server entry as an `mcpscope` command line to copy: quoted for a POSIX shell, every secret
// a "$NAME" the shell fills in from the environment, so the line itself holds none.

import { isSecretKey, type ServerEntry } from './entry.js';
import { placeholderName } from './export.js';

const PLAIN = /^[A-Za-z0-9_\-.,/:@%+=]+$/;

/** One word for a POSIX shell: as it is when nothing in it is special, else in single quotes. */
export function shellQuote(word: string): string {
  return PLAIN.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** `prefix` quoted, then the secret as "$NAME". */
const secretWord = (prefix: string, key: string) => `${shellQuote(prefix)}"$${placeholderName(key)}"`;

export function mcpscopeCommandLine(entry: ServerEntry, command = 'tools list'): string {
  const t = entry.transport;
  const words = ['mcpscope'];
  if (t.kind === 'stdio') {
    // --stdio takes one word that mcpscope splits like a shell: quoted twice.
    words.push('--stdio', shellQuote([t.command, ...t.args].map(shellQuote).join(' ')));
    for (const [k, v] of Object.entries(t.env)) words.push('-e', isSecretKey(entry, k) ? secretWord(`${k}=`, k) : shellQuote(`${k}=${v}`));
    if (t.cwd !== undefined) words.push('--cwd', shellQuote(t.cwd));
  } else {
    words.push('--url', shellQuote(t.url));
    for (const [k, v] of Object.entries(t.headers)) words.push('--header', isSecretKey(entry, k) ? secretWord(`${k}: `, k) : shellQuote(`${k}: ${v}`));
    if (t.mode !== 'auto') words.push('--mode', t.mode);
    const auth = t.auth;
    if (auth !== undefined && auth.mode !== 'off') {
      words.push('--auth');
      if (auth.clientId !== undefined) words.push('--client-id', shellQuote(auth.clientId));
      if (auth.clientSecret !== undefined) words.push('--client-secret', '"$CLIENT_SECRET"');
      if (auth.tokenEndpointAuthMethod !== undefined) words.push('--token-endpoint-auth-method', auth.tokenEndpointAuthMethod);
      if (auth.clientMetadataUrl !== undefined) words.push('--client-metadata-url', shellQuote(auth.clientMetadataUrl));
      if (auth.scope !== undefined) words.push('--scope', shellQuote(auth.scope));
    }
  }
  if (entry.protocolVersion !== undefined) words.push('--protocol-version', entry.protocolVersion);
  return [...words, command].join(' ');
}
