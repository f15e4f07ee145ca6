// A config file's text → server entries: JSONC read (comments and trailing commas, as VS Code and
// Cursor allow), the shape detected, each server read on its own so one bad entry loses nothing else.

import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { isRecord } from '../json/guards.js';
import { isSecretKey, keyedValues, type ServerEntry } from './entry.js';
import { readEntry } from './read-entry.js';
import { isRegistryServer, readRegistryServer } from './read-registry.js';
import { skip, type ConfigImport, type ConfigInput, type ConfigProblem, type ImportContext } from './problems.js';
import { HOST_NAME, inputIdsIn, replaceInputs, type ConfigHost } from './substitute.js';

/** Larger than any hand-written config; a bigger text is refused before it is parsed. */
export const MAX_CONFIG_CHARS = 1_000_000;

export interface ImportOptions extends ImportContext {
  /** The file's name or path: tells Claude Code's .mcp.json from Claude Desktop's or Cursor's mcp.json. */
  fileName?: string;
  /** The host, when the person said which; else it is told from the name and the content. */
  host?: ConfigHost;
}

const failed = (message: string): ConfigImport => ({ entries: [], inputs: [], problems: [{ message, skipped: true }] });

function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length}, column ${before.at(-1)!.length + 1}`;
}

/** The host of an `mcpServers` file: by its name, else by the variables it uses. */
function mcpServersHost(fileName: string | undefined, servers: Record<string, unknown>): ConfigHost {
  const path = (fileName ?? '').replace(/\\/g, '/').toLowerCase();
  const file = path.split('/').at(-1) ?? '';
  if (file === '.mcp.json') return 'claude-code';
  if (file === 'claude_desktop_config.json') return 'claude-desktop';
  if (path.includes('/.cursor/') || path.startsWith('.cursor/')) return 'cursor';
  if (path.includes('windsurf') || path.includes('/.codeium/')) return 'windsurf';
  const text = JSON.stringify(servers);
  if (Object.values(servers).some((s) => isRecord(s) && typeof s.serverUrl === 'string')) return 'windsurf';
  if (text.includes('${env:')) return 'cursor';
  if (Object.values(servers).some((s) => isRecord(s) && s.type !== undefined) || /\$\{[A-Za-z_]/.test(text)) return 'claude-code';
  return 'claude-desktop';
}

/** VS Code's `inputs`: promptString (and pickString) definitions by id. */
function inputDefinitions(raw: unknown, problems: ConfigProblem[]): Map<string, ConfigInput> {
  const found = new Map<string, ConfigInput>();
  if (raw === undefined) return found;
  if (!Array.isArray(raw)) {
    problems.push({ message: '"inputs" is not a list, so no input is defined.', skipped: false });
    return found;
  }
  for (const item of raw) {
    if (!isRecord(item) || typeof item.id !== 'string') {
      problems.push({ message: `An input without an "id" was left out: ${JSON.stringify(item)}.`, skipped: false });
      continue;
    }
    const description = typeof item.description === 'string' ? { description: item.description } : {};
    found.set(item.id, { id: item.id, ...description, password: item.password === true, servers: [] });
  }
  return found;
}

/** Every string an entry sends: command, args, env, cwd, url, headers. */
function valuesOf(entry: ServerEntry): string[] {
  const t = entry.transport;
  const own = t.kind === 'stdio' ? [t.command, ...t.args, ...(t.cwd !== undefined ? [t.cwd] : [])] : [t.url];
  return [...own, ...Object.values(keyedValues(t))];
}

/** The servers object's names in file order, with those given twice. */
function serverNames(tree: Node, key: string): { duplicates: Map<string, number> } {
  const duplicates = new Map<string, number>();
  const servers = tree.children?.find((p) => p.children?.[0]?.value === key)?.children?.[1];
  const seen = new Set<string>();
  for (const property of servers?.type === 'object' ? (servers.children ?? []) : []) {
    const name = String(property.children?.[0]?.value);
    if (seen.has(name)) duplicates.set(name, (duplicates.get(name) ?? 1) + 1);
    seen.add(name);
  }
  return { duplicates };
}

export function importConfig(text: string, options: ImportOptions = { env: {} }): ConfigImport {
  if (text.length > MAX_CONFIG_CHARS) {
    return failed(
      `The config is ${text.length.toLocaleString('en')} characters long, more than the ${MAX_CONFIG_CHARS.toLocaleString('en')} a config file may have: is it the right file?`,
    );
  }
  const errors: ParseError[] = [];
  // A byte-order mark (Windows editors write one) is not part of the JSON.
  const source = text.replace(/^\uFEFF/, '');
  const tree = parseTree(source, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length > 0 || tree === undefined) {
    const first = errors[0];
    const where = first ? ` (${printParseErrorCode(first.error)} at ${lineColumn(source, first.offset)})` : '';
    return failed(`The config is not JSON${where}: fix it there, or paste the whole file.`);
  }
  // parseTree keeps every property (so names given twice can be told); the value keeps the last, as the hosts do.
  const json = nodeValue(tree);
  if (!isRecord(json))
    return failed('The config is JSON but not an object: a config file is an object with "mcpServers", "servers", or a registry server.json.');

  if (options.host === 'registry' || (options.host === undefined && isRegistryServer(json))) {
    return { host: 'registry', ...readRegistryServer(json) };
  }
  const key =
    options.host === 'vscode' || (options.host === undefined && json.servers !== undefined && json.mcpServers === undefined) ? 'servers' : 'mcpServers';
  const servers = json[key];
  if (!isRecord(servers)) {
    return failed(
      servers === undefined
        ? 'The config has no "mcpServers" (Claude Desktop, Claude Code, Cursor, Windsurf), "servers" (VS Code) or "packages"/"remotes" (a registry server.json): there is no server in it.'
        : `"${key}" is not an object of servers by name.`,
    );
  }
  const host: ConfigHost = options.host ?? (key === 'servers' ? 'vscode' : mcpServersHost(options.fileName, servers));
  const problems: ConfigProblem[] = [];
  for (const [name, count] of serverNames(tree, key).duplicates) {
    problems.push({
      server: name,
      message: `Server "${name}" is defined ${count} times; the last one is used, as ${HOST_NAME[host]} does. Rename the others to keep them.`,
      skipped: false,
    });
  }
  const defined = host === 'vscode' ? inputDefinitions(json.inputs, problems) : new Map<string, ConfigInput>();
  const entries: ServerEntry[] = [];
  for (const [name, raw] of Object.entries(servers)) {
    const read = readEntry(name, raw, host, options);
    problems.push(...read.problems);
    if (!read.entry) continue;
    const ids = [...new Set(valuesOf(read.entry).flatMap(inputIdsIn))];
    const undefinedIds = ids.filter((id) => !defined.has(id));
    if (undefinedIds.length > 0) {
      problems.push(
        skip(
          name,
          `Server "${name}" uses ${undefinedIds.map((id) => `\${input:${id}}`).join(', ')}, but "inputs" defines no such input: add one with that id.`,
        ),
      );
      continue;
    }
    for (const id of ids) defined.get(id)!.servers.push(name);
    entries.push(read.entry);
  }
  return { host, entries, inputs: [...defined.values()].filter((i) => i.servers.length > 0), problems };
}

/** The value of a parse tree node; a name given twice keeps its last value. */
export function nodeValue(node: Node): unknown {
  switch (node.type) {
    case 'object':
      return Object.fromEntries((node.children ?? []).map((p) => [String(p.children?.[0]?.value), p.children?.[1] ? nodeValue(p.children[1]) : null]));
    case 'array':
      return (node.children ?? []).map(nodeValue);
    default:
      return node.value;
  }
}

/** The inputs an entry still needs answers for. */
export function inputsOf(entry: ServerEntry, inputs: readonly ConfigInput[]): ConfigInput[] {
  const ids = new Set(valuesOf(entry).flatMap(inputIdsIn));
  return inputs.filter((i) => ids.has(i.id));
}

/**
 * The entry with each `${input:id}` replaced by the person's answer, or a sentence naming the ones
 * not answered. Values given for a password input are marked secret.
 */
export function resolveInputs(
  entry: ServerEntry,
  inputs: readonly ConfigInput[],
  answers: Readonly<Record<string, string>>,
): { ok: true; entry: ServerEntry } | { ok: false; error: string } {
  const needed = inputsOf(entry, inputs);
  const unanswered = needed.filter((i) => !Object.hasOwn(answers, i.id));
  if (unanswered.length > 0)
    return { ok: false, error: `Server "${entry.name}" needs ${unanswered.map((i) => `${i.id}${i.description ? ` (${i.description})` : ''}`).join(', ')}.` };
  const r = (v: string) => replaceInputs(v, answers);
  const passwords = new Set(needed.filter((i) => i.password).map((i) => i.id));
  const keyed = keyedValues(entry.transport);
  const secretKeys = [
    ...entry.secretKeys,
    ...Object.keys(keyed).filter((k) => !isSecretKey(entry, k) && inputIdsIn(keyed[k]!).some((id) => passwords.has(id))),
  ];
  const map = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, r(v)]));
  const t = entry.transport;
  const transport =
    t.kind === 'stdio'
      ? { ...t, command: r(t.command), args: t.args.map(r), env: map(t.env), ...(t.cwd !== undefined ? { cwd: r(t.cwd) } : {}) }
      : { ...t, url: r(t.url), headers: map(t.headers) };
  return { ok: true, entry: { ...entry, transport, secretKeys } };
}
