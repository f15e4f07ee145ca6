// A test file from its YAML text. Every problem names the line and the field:
// `line 14: steps[2].call: unknown key 'argz' — did you mean 'arguments'?`.

import { isRecord } from '../json/guards.js';
import { ownValue } from '../text/own.js';
import { rootUriProblem } from '../mcp/roots.js';
import { err, ok, type Result } from '../result.js';
import { isVersionChoice, PROTOCOL_VERSIONS } from '../versions.js';
import { TOKEN_ENDPOINT_AUTH_METHODS } from '../auth/flow-view.js';
import { DEFAULT_STEP_TIMEOUT_MS, type TestAuth, type TestFile, type TestPolicies, type TestServer, type TestStep } from './format.js';
import { stepOf } from './parse-step.js';
import { describe, TestFileProblem, YamlSource } from './yaml-source.js';

const TOP = ['$schema', 'name', 'server', 'config', 'protocolVersion', 'timeout', 'policies', 'steps'] as const;
const STDIO_KEYS = ['command', 'args', 'env', 'cwd', 'type'];
const HTTP_KEYS = ['url', 'headers', 'type', 'auth'];
const AUTH_KEYS = ['clientId', 'clientSecretEnv', 'tokenEndpointAuthMethod', 'clientMetadataUrl', 'scope', 'remember'];
const HTTP_TYPES: Record<string, 'streamable-http' | 'sse' | undefined> = { http: undefined, 'streamable-http': 'streamable-http', sse: 'sse' };

export function serverOf(source: YamlSource, top: Record<string, unknown>): TestServer {
  if (top.config !== undefined) {
    const file = source.string(top.config, ['config'], 'the path of a config file (mcp.json), relative to the test file');
    if (top.server === undefined) return { kind: 'config', file };
    return { kind: 'config', file, server: source.string(top.server, ['server'], 'the name of a server in the config file') };
  }
  const s = top.server;
  if (s === undefined) throw source.problem([], "has no 'server': write one inline (command and args, or url), or 'config' and the 'server' name in it.");
  if (typeof s === 'string')
    throw source.problem(['server'], `is the name ${JSON.stringify(s)}: a server named in a config file needs 'config: FILE' beside it.`);
  if (!isRecord(s)) throw source.problem(['server'], `is ${describe(s)}, not a server (command and args, or url).`);
  if (s.command !== undefined && s.url !== undefined)
    throw source.problem(['server'], 'has both a command and a url: keep the command to start it, or the url to reach it.');
  if (s.url !== undefined) {
    const m = source.mapping(s, ['server'], HTTP_KEYS);
    const type = m.type === undefined ? 'http' : source.string(m.type, ['server', 'type'], 'http or sse');
    if (!Object.hasOwn(HTTP_TYPES, type)) throw source.problem(['server', 'type'], `is ${JSON.stringify(type)}; a url server's type is http or sse.`);
    const url = source.string(m.url, ['server', 'url'], 'an http(s) URL');
    if (!/^https?:\/\/./i.test(url)) throw source.problem(['server', 'url'], `is ${JSON.stringify(url)}, not an http(s) URL.`);
    const mode = ownValue(HTTP_TYPES, type);
    const headers = source.textMap(m.headers, ['server', 'headers']);
    const auth = m.auth === undefined || m.auth === false ? undefined : authOf(source, m.auth, headers);
    return { kind: 'http', url, headers, ...(mode ? { mode } : {}), ...(auth ? { auth } : {}) };
  }
  if (s.command === undefined) throw source.problem(['server'], 'has neither a command nor a url: add "command" to start it, or "url" to reach it.');
  const m = source.mapping(s, ['server'], STDIO_KEYS);
  if (m.type !== undefined && m.type !== 'stdio') throw source.problem(['server', 'type'], `is ${describe(m.type)}; a server with a command is of type stdio.`);
  const args = m.args === undefined ? [] : Array.isArray(m.args) ? m.args : undefined;
  if (args === undefined) throw source.problem(['server', 'args'], `is ${describe(m.args)}, not a list of arguments.`);
  return {
    kind: 'stdio',
    command: source.string(m.command, ['server', 'command'], 'the program to run'),
    // Numbers in args (a port) are what the person meant as words.
    args: args.map((a, i) => (typeof a === 'number' ? String(a) : source.string(a, ['server', 'args', i], 'an argument'))),
    env: source.textMap(m.env, ['server', 'env']),
    ...(m.cwd !== undefined ? { cwd: source.string(m.cwd, ['server', 'cwd'], 'a directory, relative to the test file') } : {}),
  };
}

/** `auth: true`, or a mapping of --auth's options in the file's words; the combinations --auth refuses, refused. */
function authOf(source: YamlSource, value: unknown, headers: Record<string, string>): TestAuth {
  const at = ['server', 'auth'];
  if (Object.keys(headers).some((h) => h.toLowerCase() === 'authorization'))
    throw source.problem(at, 'is given with an Authorization header: auth gets the token itself, so keep one of them.');
  if (value === true) return { remember: false };
  const m = source.mapping(value, at, AUTH_KEYS);
  const text = (key: string, what: string) => (m[key] === undefined ? {} : { [key]: source.string(m[key], [...at, key], what) });
  const out: TestAuth = {
    ...text('clientId', 'the id of a pre-registered client'),
    ...text('clientSecretEnv', 'the name of the environment variable that holds the client secret'),
    ...text('clientMetadataUrl', 'the https URL of a Client ID Metadata Document'),
    ...text('scope', 'the scope to ask for'),
    remember: false,
  };
  if (m.remember !== undefined) {
    if (typeof m.remember !== 'boolean') throw source.problem([...at, 'remember'], `is ${describe(m.remember)}; write true or false.`);
    out.remember = m.remember;
  }
  if (m.tokenEndpointAuthMethod !== undefined) {
    const method = m.tokenEndpointAuthMethod;
    if (typeof method !== 'string' || !(TOKEN_ENDPOINT_AUTH_METHODS as readonly string[]).includes(method))
      throw source.problem([...at, 'tokenEndpointAuthMethod'], `is ${describe(method)}; write one of ${TOKEN_ENDPOINT_AUTH_METHODS.join(', ')}.`);
    out.tokenEndpointAuthMethod = method as TestAuth['tokenEndpointAuthMethod'];
  }
  if (out.clientSecretEnv !== undefined && out.clientId === undefined)
    throw source.problem([...at, 'clientSecretEnv'], 'goes with clientId: a secret belongs to a pre-registered client, so give both.');
  if (out.clientId !== undefined && out.clientMetadataUrl !== undefined)
    throw source.problem(at, 'has clientId and clientMetadataUrl: each names the client (pre-registered, or by its metadata document), so keep one.');
  if (out.tokenEndpointAuthMethod !== undefined && out.clientId === undefined)
    throw source.problem([...at, 'tokenEndpointAuthMethod'], 'is for a pre-registered client: give clientId too.');
  if (out.tokenEndpointAuthMethod === 'none' && out.clientSecretEnv !== undefined)
    throw source.problem(
      [...at, 'tokenEndpointAuthMethod'],
      'none sends no secret: drop clientSecretEnv, or choose client_secret_basic or client_secret_post.',
    );
  if (out.tokenEndpointAuthMethod !== undefined && out.tokenEndpointAuthMethod !== 'none' && out.clientSecretEnv === undefined)
    throw source.problem([...at, 'tokenEndpointAuthMethod'], `${out.tokenEndpointAuthMethod} needs clientSecretEnv.`);
  return out;
}

function policiesOf(source: YamlSource, value: unknown): TestPolicies {
  if (value === undefined) return {};
  const m = source.mapping(value, ['policies'], ['sampling', 'elicitation', 'roots']);
  const out: TestPolicies = {};
  if (m.sampling !== undefined) {
    const s = m.sampling;
    if (s === 'decline') out.sampling = { kind: 'decline' };
    else if (typeof s === 'string' && s.startsWith('reply:') && s.length > 6) out.sampling = { kind: 'reply', text: s.slice(6) };
    else throw source.problem(['policies', 'sampling'], `is ${describe(s)}; write reply:TEXT (answer every sampling request with TEXT) or decline.`);
  }
  if (m.elicitation !== undefined) {
    if (m.elicitation !== 'decline' && m.elicitation !== 'accept-defaults') {
      throw source.problem(['policies', 'elicitation'], `is ${describe(m.elicitation)}; write decline or accept-defaults.`);
    }
    out.elicitation = m.elicitation;
  }
  if (m.roots !== undefined) {
    out.roots = source.strings(m.roots, ['policies', 'roots'], 'a file:// URI');
    out.roots.forEach((uri, i) => {
      const problem = rootUriProblem(uri);
      if (problem) throw source.problem(['policies', 'roots', i], problem);
    });
  }
  return out;
}

/** Unique names: a step without one is called by its action, numbered when that repeats. */
function named(steps: ReturnType<typeof stepOf>[], source: YamlSource): TestStep[] {
  const given = new Map<string, number>();
  steps.forEach((s, i) => {
    if (s.name === undefined) return;
    const before = given.get(s.name);
    if (before !== undefined)
      throw source.problem(['steps', i, 'name'], `'${s.name}' is the name of steps[${before}] too: names key the snapshots, so each must be unique.`);
    given.set(s.name, i);
  });
  const used = new Set(given.keys());
  return steps.map(({ fallbackName, ...s }) => {
    if (s.name !== undefined) return { ...s, name: s.name };
    let name = fallbackName;
    for (let n = 2; used.has(name); n++) name = `${fallbackName} (${n})`;
    used.add(name);
    return { ...s, name };
  });
}

/** The file's `protocolVersion`: a version mcpscope speaks, or auto. */
export function protocolVersionOf(source: YamlSource, top: Record<string, unknown>): string | undefined {
  const v = top.protocolVersion;
  if (v === undefined) return undefined;
  if (!isVersionChoice(v)) throw source.problem(['protocolVersion'], `is ${describe(v)}; write one of ${[...PROTOCOL_VERSIONS, 'auto'].join(', ')}.`);
  return v;
}

function testFileOf(source: YamlSource, fallbackName: string): TestFile {
  const top = source.mapping(source.value, [], TOP, 'the test file');
  const name = top.name === undefined ? fallbackName : source.string(top.name, ['name'], 'a name for the test');
  const server = serverOf(source, top);
  const protocolVersion = protocolVersionOf(source, top);
  const timeoutMs = top.timeout === undefined ? DEFAULT_STEP_TIMEOUT_MS : source.count(top.timeout, ['timeout'], 1, 'the milliseconds a step may take');
  if (!Array.isArray(top.steps) || top.steps.length === 0) throw source.problem(['steps'], `is ${describe(top.steps)}; write a list of at least one step.`);
  const steps = named(
    top.steps.map((s, i) => stepOf(source, s, i, timeoutMs)),
    source,
  );
  return { name, server, ...(protocolVersion !== undefined ? { protocolVersion } : {}), timeoutMs, policies: policiesOf(source, top.policies), steps };
}

export interface TestFileError {
  line?: number;
  /** The field at fault, `steps[2].call`; empty for the file as a whole. */
  field: string;
  /** `line 14: steps[2].call: unknown key 'argz' — did you mean 'arguments'?` */
  message: string;
}

/** The value `build` makes of the YAML text, or its first problem, with its line. */
export function parseYamlFile<T>(text: string, build: (source: YamlSource) => T): Result<T, TestFileError> {
  try {
    return ok(build(YamlSource.parse(text)));
  } catch (e) {
    if (!(e instanceof TestFileProblem)) throw e;
    const where = e.line !== undefined ? `line ${e.line}: ` : '';
    return err({ ...(e.line !== undefined ? { line: e.line } : {}), field: e.field, message: `${where}${e.message}` });
  }
}

/** `fallbackName`: the test's name when the file gives none (the runner passes the file's name). */
export function parseTestFile(text: string, fallbackName: string): Result<TestFile, TestFileError> {
  return parseYamlFile(text, (source) => testFileOf(source, fallbackName));
}
