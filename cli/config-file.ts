// --config FILE [--server NAME]: the server of a config file people already have, read in Node
// (size cap, relative cwd and envFile against the file's folder) and picked by name.

import { closeSync, fstatSync, openSync, readFileSync, constants } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, resolve } from 'node:path';
import { importConfig, MAX_CONFIG_CHARS, parseEnvFile, type ConfigInput, type ConfigProblem, type ServerEntry } from '../src/protocol/index.js';
import { orList, refused, type Checked } from '../options/values.js';

export interface ConfigServer {
  entry: ServerEntry;
  /** The inputs the entry still needs (VS Code's `${input:…}`, a registry variable). */
  inputs: ConfigInput[];
  /** Sentences about the entry (or the file) that did not stop it: said on stderr. */
  notes: string[];
}

/** A ~ path from the home folder, else a path relative to the file's folder, made absolute. */
function absolute(dir: string, path: string): string {
  return path === '~' || path.startsWith('~/') ? resolve(homedir(), path.slice(2)) : resolve(dir, path);
}

function readText(file: string): Checked<string> {
  let fd: number | undefined;
  try {
    // O_NONBLOCK: a FIFO given by mistake is not waited on.
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
    const stat = fstatSync(fd);
    if (!stat.isFile()) return refused(`--config ${file} is not a file: give the path of a JSON config file.`);
    if (stat.size > MAX_CONFIG_CHARS)
      return refused(
        `--config ${file} is ${stat.size.toLocaleString('en')} bytes, more than the ${MAX_CONFIG_CHARS.toLocaleString('en')} a config file may have: is it the right file?`,
      );
    return { ok: true, value: readFileSync(fd, 'utf8') };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return refused(code === 'ENOENT' ? `--config ${file}: there is no such file.` : `--config ${file} could not be read (${code ?? String(err)}).`);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** envFile's variables under the entry's own env (VS Code sets the file first; env wins). */
function withEnvFile(entry: ServerEntry, dir: string, file: string): Checked<ServerEntry> {
  if (entry.envFile === undefined || entry.transport.kind !== 'stdio') return { ok: true, value: entry };
  const path = absolute(dir, entry.envFile);
  const text = readText(path);
  if (!text.ok)
    return refused(`Server "${entry.name}" of ${file} names the envFile ${path}, which could not be read: ${text.error.replace(/^--config \S+ ?/, '')}`);
  const parsed = parseEnvFile(text.value);
  if (parsed.problems.length) return refused(`The envFile ${path} of server "${entry.name}" is not a dotenv file: ${parsed.problems.join('; ')}.`);
  return { ok: true, value: { ...entry, transport: { ...entry.transport, env: { ...parsed.env, ...entry.transport.env } } } };
}

/** The servers of the file that cannot be used, for a sentence listing the names. */
function unusable(problems: readonly ConfigProblem[]): string {
  const names = [...new Set(problems.filter((p) => p.skipped && p.server !== undefined).map((p) => p.server!))];
  return names.length ? ` (${orList(names)} cannot be used: pick ${names.length > 1 ? 'one' : 'it'} with --server to see why.)` : '';
}

export function readConfigServer(file: string, name: string | undefined, env: NodeJS.ProcessEnv = process.env): Checked<ConfigServer> {
  const text = readText(file);
  if (!text.ok) return text;
  const dir = dirname(resolve(file));
  const read = importConfig(text.value, {
    env,
    fileName: resolve(file),
    // VS Code's ${workspaceFolder} is the folder that holds .vscode/.
    workspaceFolder: basename(dir) === '.vscode' ? dirname(dir) : dir,
    userHome: homedir(),
    resolveCwd: (cwd) => absolute(dir, cwd),
  });
  const fileWide = read.problems.filter((p) => p.server === undefined);
  if (read.entries.length === 0 && read.problems.every((p) => p.skipped)) {
    const said = read.problems.map((p) => p.message);
    return refused(said.length ? `${file}: ${said.join(' ')}` : `${file} has no server in it.`);
  }
  const names = read.entries.map((e) => e.name);
  let entry: ServerEntry | undefined;
  if (name === undefined) {
    if (read.entries.length > 1)
      return refused(`${file} has ${names.length} servers: say which with --server NAME (${orList(names)}).${unusable(read.problems)}`);
    entry = read.entries[0];
  } else {
    entry = read.entries.find((e) => e.name === name);
    if (entry === undefined) {
      const why = read.problems.find((p) => p.server === name && p.skipped);
      if (why) return refused(`Server "${name}" of ${file} cannot be used: ${why.message}`);
      return refused(`${file} has no server "${name}": the servers there are ${orList(names)}.${unusable(read.problems)}`);
    }
  }
  if (entry === undefined) return refused(`${file} has no server in it.`);
  const withFile = withEnvFile(entry, dir, file);
  if (!withFile.ok) return withFile;
  const notes = [...fileWide, ...read.problems.filter((p) => p.server === entry.name)].map((p) => p.message);
  return { ok: true, value: { entry: withFile.value, inputs: read.inputs.filter((i) => i.servers.includes(entry.name)), notes } };
}
