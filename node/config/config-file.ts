// --config FILE [--server NAME]: the servers of a config file people already have, read in Node (relative
// cwd and envFile against the file's folder, as the hosts do), and one of them picked by name. Both
// `npm start` (every server offered to the page) and the CLI (the one it runs) read the file here.

import { homedir } from 'node:os';
import { basename, dirname } from 'node:path';
import { importConfig, parseEnvFile, type ConfigInput, type ConfigProblem, type ServerEntry } from '../../src/protocol/wire.js';
import { orList, refused, type Checked } from '../../options/values.js';
import { absolutePath, readConfigText } from './read-text.js';

export interface ConfigServer {
  entry: ServerEntry;
  /** The inputs the entry still needs (VS Code's `${input:…}`, a registry variable). */
  inputs: ConfigInput[];
  /** Sentences about the entry (or the file) that did not stop it: said on stderr. */
  notes: string[];
}

export interface ConfigFile {
  /** As the person gave it, for sentences. */
  file: string;
  /** Absolute. */
  path: string;
  /** The servers that can be used, in the file's order; their names are unique. */
  servers: ConfigServer[];
  /** Every sentence about the file and its servers, skipped ones included. */
  problems: ConfigProblem[];
  /** Every input of the file (each names the servers that use it). */
  inputs: ConfigInput[];
}

/** envFile's variables under the entry's own env (VS Code sets the file first; env wins); a relative path is taken against `dir`. */
export function withEnvFile(entry: ServerEntry, dir: string): Checked<ServerEntry> {
  if (entry.envFile === undefined || entry.transport.kind !== 'stdio') return { ok: true, value: entry };
  const path = absolutePath(dir, entry.envFile);
  const text = readConfigText(path, path);
  if (!text.ok) return refused(`Server "${entry.name}" names the envFile ${path}, which could not be read: ${text.error.replace(/^--config \S+:? ?/, '')}`);
  const parsed = parseEnvFile(text.value);
  if (parsed.problems.length) return refused(`The envFile ${path} of server "${entry.name}" is not a dotenv file: ${parsed.problems.join('; ')}.`);
  return { ok: true, value: { ...entry, transport: { ...entry.transport, env: { ...parsed.env, ...entry.transport.env } } } };
}

/** The file's servers; refused when it cannot be read or has no server that can be used. */
export function readConfigFile(file: string, env: NodeJS.ProcessEnv = process.env): Checked<ConfigFile> {
  const path = absolutePath(process.cwd(), file);
  const text = readConfigText(path, file);
  if (!text.ok) return text;
  const dir = dirname(path);
  const read = importConfig(text.value, {
    env,
    fileName: path,
    // VS Code's ${workspaceFolder} is the folder that holds .vscode/.
    workspaceFolder: basename(dir) === '.vscode' ? dirname(dir) : dir,
    userHome: homedir(),
    resolveCwd: (cwd) => absolutePath(dir, cwd),
  });
  const problems = [...read.problems];
  const entries: ServerEntry[] = [];
  for (const entry of read.entries) {
    const withFile = withEnvFile(entry, dir);
    if (withFile.ok) entries.push(withFile.value);
    else problems.push({ server: entry.name, message: withFile.error, skipped: true });
  }
  if (entries.length === 0) {
    const said = problems.map((p) => p.message);
    return refused(said.length ? `${file}: ${said.join(' ')}` : `${file} has no server in it.`);
  }
  const fileWide = problems.filter((p) => p.server === undefined).map((p) => p.message);
  const servers = entries.map((entry) => ({
    entry,
    inputs: read.inputs.filter((i) => i.servers.includes(entry.name)),
    notes: [...fileWide, ...problems.filter((p) => p.server === entry.name).map((p) => p.message)],
  }));
  return { ok: true, value: { file, path, servers, problems, inputs: read.inputs } };
}

/** The servers of the file that cannot be used, for a sentence listing the names. */
function unusable(problems: readonly ConfigProblem[]): string {
  const names = [...new Set(problems.filter((p) => p.skipped && p.server !== undefined).map((p) => p.server!))];
  return names.length ? ` (${orList(names)} cannot be used: pick ${names.length > 1 ? 'one' : 'it'} with --server to see why.)` : '';
}

/** The server NAME of the file; without a NAME, the file's only server, or undefined when it has several. */
export function pickConfigServer(config: ConfigFile, name: string | undefined): Checked<ConfigServer | undefined> {
  const { file, servers, problems } = config;
  const names = servers.map((s) => s.entry.name);
  if (name === undefined) return { ok: true, value: servers.length === 1 ? servers[0] : undefined };
  const found = servers.find((s) => s.entry.name === name);
  if (found) return { ok: true, value: found };
  const why = problems.find((p) => p.server === name && p.skipped);
  if (why) return refused(`Server "${name}" of ${file} cannot be used: ${why.message}`);
  return refused(`${file} has no server "${name}": the servers there are ${orList(names)}.${unusable(problems)}`);
}

/** The sentence for a file of several servers when one is needed. */
export function severalServers(config: ConfigFile): string {
  const names = config.servers.map((s) => s.entry.name);
  return `${config.file} has ${names.length} servers: say which with --server NAME (${orList(names)}).${unusable(config.problems)}`;
}
