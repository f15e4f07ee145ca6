// A side of `mcpscope diff`: what the word A or B names — a --config server, an http(s) URL, a snapshot file or
// a saved server, in that order — and its interface, read from the snapshot or listed from the server, every page.

import { statSync, readFileSync } from 'node:fs';
import {
  LIST_METHODS,
  ListFailed,
  listAll,
  maskHeaderValue,
  parseInterfaceSnapshot,
  type InterfaceSnapshot,
  type ListKey,
  type ServerInterface,
  type TransportConfig,
  type VersionChoice,
} from '../src/protocol/index.js';
import { pickConfigServer, type ConfigFile } from '../node/config/config-file.js';
import { readSavedServer } from '../node/servers/saved-by-name.js';
import { OPTIONS } from '../options/table.js';
import { transportOf } from '../options/server.js';
import { refused, type Checked } from '../options/values.js';
import { answerInputs, type Ask } from './config-inputs.js';
import { CliConnection, CliError, type UpstreamOpener } from './connection.js';
import { versionFor, type DiffOptions } from './diff-args.js';

/** How the sides are named in every sentence. */
export const SIDE_LABELS = ['A (old)', 'B (new)'] as const;

/** Where a side's interface comes from. */
export type SideSource =
  | { kind: 'snapshot'; file: string; snapshot: InterfaceSnapshot }
  /** `url`: named by its URL on the command line (so --header applies). */
  | { kind: 'server'; name: string; target: TransportConfig; protocolVersion: VersionChoice; url?: boolean };

/** A side's interface and what it was. */
export interface SideInterface {
  label: string;
  /** How the side was found, for the heading: `"old" of mcp.json`, a URL, `snapshot before.json`. */
  source: string;
  lists: ServerInterface;
  server?: { name: string; version: string };
  protocolVersion?: string;
}

export interface SideContext {
  options: DiffOptions;
  /** The --config file, read once for both sides. */
  config?: ConfigFile;
  ask?: Ask;
  notice: (line: string) => void;
  opener?: UpstreamOpener;
}

/** Snapshots are larger than config files (every schema of every tool), but still files a person picked. */
const MAX_SNAPSHOT_BYTES = 32 * 1024 * 1024;

function readSnapshot(file: string): Checked<SideSource> | undefined {
  let size: number;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) return undefined;
    size = stat.size;
  } catch {
    return undefined;
  }
  if (size > MAX_SNAPSHOT_BYTES)
    return refused(
      `${file} is ${size.toLocaleString('en')} bytes, more than a snapshot may have (${MAX_SNAPSHOT_BYTES.toLocaleString('en')}): is it the right file?`,
    );
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    return refused(`${file} could not be read (${(e as NodeJS.ErrnoException).code ?? String(e)}).`);
  }
  const parsed = parseInterfaceSnapshot(text);
  return parsed.ok ? { ok: true, value: { kind: 'snapshot', file, snapshot: parsed.value } } : refused(`${file} is not an interface snapshot: ${parsed.error}`);
}

/** A URL side as the heading says it: its headers named, their values masked. */
function urlLabel(url: string, headers: ReadonlyArray<[string, string]>): string {
  if (headers.length === 0) return url;
  return `${url} (${headers.map(([name, value]) => `${name}: ${maskHeaderValue(name, value)}`).join(', ')})`;
}

/** What the word names: a --config server first, then a URL, a snapshot file, a saved server. `index`: 0 for A, 1 for B. */
export async function resolveSide(word: string, context: SideContext, index: 0 | 1 = 0): Promise<Checked<SideSource>> {
  const resolved = await sideOf(word, context, index);
  if (resolved.ok && context.options.ownHeaders[index] && !(resolved.value.kind === 'server' && resolved.value.url)) {
    const flag = index === 0 ? OPTIONS.headerA.flag : OPTIONS.headerB.flag;
    return refused(
      `${flag} is for a URL side, and ${word} is ${resolved.value.kind === 'snapshot' ? 'a snapshot file' : 'a named server, whose headers are its own'}.`,
    );
  }
  return resolved;
}

async function sideOf(word: string, context: SideContext, index: 0 | 1): Promise<Checked<SideSource>> {
  const { options, config } = context;
  const server = (name: string, target: TransportConfig, entryVersion?: VersionChoice): Checked<SideSource> => ({
    ok: true,
    value: { kind: 'server', name, target, protocolVersion: versionFor(options, entryVersion) },
  });
  const inConfig = config?.servers.find((s) => s.entry.name === word);
  if (config && inConfig) {
    for (const note of inConfig.notes) context.notice(note);
    const entry = await answerInputs(inConfig, options.answers, context.ask);
    return entry.ok ? server(`"${word}" of ${config.file}`, entry.value.transport, entry.value.protocolVersion) : entry;
  }
  if (/^https?:\/\//i.test(word)) {
    const url = OPTIONS.url.check(word, { flag: 'diff', placeholder: OPTIONS.url.placeholder });
    if (!url.ok) return url;
    const headers = options.headers[index];
    const source = server(urlLabel(url.value, headers), transportOf({ args: [], env: {}, headers: Object.fromEntries(headers), url: url.value })!);
    return source.ok && source.value.kind === 'server' ? { ok: true, value: { ...source.value, url: true } } : source;
  }
  const snapshot = readSnapshot(word);
  if (snapshot) return snapshot;
  const names = config ? pickConfigServer(config, word) : undefined;
  if (names && !names.ok) return refused(`${names.error} Nor is there a snapshot file called ${word}.`);
  if (/[\\/]|\.json$/i.test(word)) return refused(`${word}: there is no such snapshot file.`);
  const saved = readSavedServer(word, `--config FILE with its names, an http(s) URL or a snapshot file`);
  return saved.ok ? server(`saved server "${word}"`, saved.value.entry.transport, saved.value.entry.protocolVersion) : saved;
}

/** The capability a server declares for each list; a list it did not declare is empty. */
const CAPABILITY: Record<ListKey, string> = { tools: 'tools', resources: 'resources', resourceTemplates: 'resources', prompts: 'prompts' };

/** Thrown with the sentence that names the side, and the list or step that failed. */
export class SideFailed extends CliError {}

async function listed(connection: CliConnection, label: string): Promise<ServerInterface> {
  const lists: Partial<ServerInterface> = {};
  for (const key of Object.keys(LIST_METHODS) as ListKey[]) {
    const declared = connection.info === undefined || Object.hasOwn(connection.info.capabilities, CAPABILITY[key]);
    if (!declared) {
      lists[key] = [];
      continue;
    }
    try {
      lists[key] = (await listAll(connection, key)).items as never;
    } catch (e) {
      if (e instanceof ListFailed) throw new SideFailed(`${label}: ${e.message}`);
      throw e;
    }
  }
  return lists as ServerInterface;
}

/** The side's interface; SideFailed when it could not be connected to or listed. */
export async function readSide(label: string, source: SideSource, context: SideContext): Promise<SideInterface> {
  if (source.kind === 'snapshot') {
    const { snapshot } = source;
    return {
      label,
      source: `snapshot ${source.file}`,
      lists: { tools: snapshot.tools, resources: snapshot.resources, resourceTemplates: snapshot.resourceTemplates, prompts: snapshot.prompts },
      ...(snapshot.server ? { server: snapshot.server } : {}),
      ...(snapshot.protocolVersion !== undefined ? { protocolVersion: snapshot.protocolVersion } : {}),
    };
  }
  const { options } = context;
  let connection: CliConnection | undefined;
  try {
    connection = await CliConnection.open(
      source.target,
      {
        protocolVersion: source.protocolVersion,
        timeoutMs: options.timeoutMs,
        elicitation: 'decline',
        roots: [],
        notice: (line) => context.notice(`${label}: ${line}`),
        serverLog: (line) => context.notice(`${label}: ${line}`),
        ...(options.verbose ? { trace: (line: string) => context.notice(`${label} ${line}`) } : {}),
      },
      context.opener,
    );
    const lists = await listed(connection, label);
    const info = connection.info;
    return {
      label,
      source: source.name,
      lists,
      ...(info ? { server: { name: info.serverInfo.name, version: info.serverInfo.version }, protocolVersion: info.protocolVersion } : {}),
    };
  } catch (e) {
    if (e instanceof SideFailed || !(e instanceof CliError)) throw e;
    throw new SideFailed(`${label}: ${e.message}`);
  } finally {
    await connection?.close();
  }
}
