// An MCP registry server.json: each package becomes the command a person would run (npx, uvx,
// docker run, dnx), each remote a URL. Values the person must supply become inputs.

import { isRecord } from '../json/guards.js';
import { ownValue } from '../text/own.js';
import { isSecretName, type ServerEntry } from './entry.js';
import { skip, type ConfigInput, type ConfigProblem } from './problems.js';

/** How each package registry's packages are run. */
const RUNNERS: Record<string, { hint: string; run: (ref: PackageRef) => string[] }> = {
  npm: {
    hint: 'npx',
    run: (p) => [...(p.hint === 'npx' && !p.runtime.some((a) => a === '-y' || a === '--yes') ? ['-y'] : []), ...p.runtime, withVersion(p, '@'), ...p.args],
  },
  pypi: { hint: 'uvx', run: (p) => [...p.runtime, withVersion(p, '=='), ...p.args] },
  oci: {
    hint: 'docker',
    // The container sees only the variables passed with -e; their values come from docker's own environment.
    run: (p) => [
      'run',
      '-i',
      '--rm',
      ...p.runtime,
      ...p.envNames.flatMap((n) => ['-e', n]),
      p.identifier.includes(':') || !p.version ? p.identifier : `${p.identifier}:${p.version}`,
      ...p.args,
    ],
  },
  nuget: { hint: 'dnx', run: (p) => [...p.runtime, withVersion(p, '@'), '--yes', ...(p.args.length ? ['--', ...p.args] : [])] },
};

interface PackageRef {
  hint: string;
  identifier: string;
  version?: string;
  runtime: string[];
  args: string[];
  envNames: string[];
}

function withVersion(p: PackageRef, separator: string): string {
  return p.version ? `${p.identifier}${separator}${p.version}` : p.identifier;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

class Inputs {
  readonly found = new Map<string, ConfigInput>();
  constructor(private readonly server: () => string) {}
  /** An Input's value with its {variables}; a required value nobody gave becomes ${input:id}. */
  value(input: Record<string, unknown>, id: string): string | undefined {
    const given = str(input.value) ?? str(input.default);
    if (given === undefined) return input.isRequired === true ? this.ask(id, input) : undefined;
    const variables = isRecord(input.variables) ? input.variables : {};
    return given.replace(/\{([A-Za-z0-9_-]+)\}/g, (all, name: string) => {
      const v = ownValue(variables, name);
      if (!isRecord(v)) return all;
      return str(v.value) ?? str(v.default) ?? this.ask(name, v);
    });
  }
  private ask(id: string, input: Record<string, unknown>): string {
    const known = this.found.get(id);
    if (known) {
      if (!known.servers.includes(this.server())) known.servers.push(this.server());
    } else {
      const description = str(input.description);
      this.found.set(id, { id, ...(description ? { description } : {}), password: input.isSecret === true, servers: [this.server()] });
    }
    return `\${input:${id}}`;
  }
}

function argumentsOf(list: unknown, inputs: Inputs): string[] {
  if (!Array.isArray(list)) return [];
  return list.filter(isRecord).flatMap((a) => {
    const name = str(a.name);
    const value = inputs.value(a, str(a.valueHint) ?? name?.replace(/^-+/, '') ?? 'value');
    if (a.type === 'named' && name) return value === undefined ? (a.isRequired === true ? [name] : []) : [name, value];
    return value === undefined ? [] : [value];
  });
}

/** Name → value of environmentVariables or headers, and the names marked secret. */
function keyValues(list: unknown, inputs: Inputs): { values: Record<string, string>; secret: string[] } {
  const values = new Map<string, string>();
  const secret: string[] = [];
  for (const item of Array.isArray(list) ? list.filter(isRecord) : []) {
    const name = str(item.name);
    if (!name) continue;
    const value = inputs.value(item, name);
    if (value === undefined) continue;
    values.set(name, value);
    if (item.isSecret === true && !isSecretName(name)) secret.push(name);
  }
  return { values: Object.fromEntries(values), secret };
}

export function isRegistryServer(json: Record<string, unknown>): boolean {
  return typeof json.name === 'string' && (Array.isArray(json.packages) || Array.isArray(json.remotes));
}

export function readRegistryServer(json: Record<string, unknown>): { entries: ServerEntry[]; inputs: ConfigInput[]; problems: ConfigProblem[] } {
  const base = String(json.name).split('/').at(-1) || String(json.name);
  const packages = Array.isArray(json.packages) ? json.packages : [];
  const remotes = Array.isArray(json.remotes) ? json.remotes : [];
  const several = packages.length + remotes.length > 1;
  const used = new Set<string>();
  const nameOf = (suffix: string) => {
    let name = several ? `${base}-${suffix}` : base;
    for (let n = 2; used.has(name); n++) name = `${base}-${suffix}-${n}`;
    used.add(name);
    return name;
  };
  let current = base;
  const inputs = new Inputs(() => current);
  const entries: ServerEntry[] = [];
  const problems: ConfigProblem[] = [];
  for (const p of packages) {
    const registry = isRecord(p) ? str(p.registryType) : undefined;
    current = nameOf(registry ?? 'package');
    if (!isRecord(p) || !str(p.identifier)) {
      problems.push(skip(current, `Package ${current} of ${String(json.name)} has no identifier, so there is nothing to run.`));
      continue;
    }
    const runner = registry !== undefined ? ownValue(RUNNERS, registry) : undefined;
    if (runner === undefined) {
      problems.push(
        skip(
          current,
          `Package ${current} comes from the package registry ${JSON.stringify(registry ?? null)}, which mcpscope cannot run: npm, pypi, oci and nuget can be imported.`,
        ),
      );
      continue;
    }
    const transport = isRecord(p.transport) ? str(p.transport.type) : undefined;
    if (transport !== undefined && transport !== 'stdio') {
      problems.push(
        skip(
          current,
          `Package ${current} serves ${transport} once started: start it yourself and connect to its URL (${str(isRecord(p.transport) ? p.transport.url : undefined) ?? 'see its documentation'}).`,
        ),
      );
      continue;
    }
    const env = keyValues(p.environmentVariables, inputs);
    const hint = str(p.runtimeHint) ?? runner.hint;
    const ref: PackageRef = {
      hint,
      identifier: String(p.identifier),
      ...(str(p.version) ? { version: str(p.version) } : {}),
      runtime: argumentsOf(p.runtimeArguments, inputs),
      args: argumentsOf(p.packageArguments, inputs),
      envNames: Object.keys(env.values),
    };
    entries.push({ name: current, transport: { kind: 'stdio', command: hint, args: runner.run(ref), env: env.values }, secretKeys: env.secret });
  }
  for (const r of remotes) {
    current = nameOf('remote');
    const type = isRecord(r) ? str(r.type) : undefined;
    const url = isRecord(r) && typeof r.url === 'string' ? inputs.value({ ...r, value: r.url }, 'url') : undefined;
    if (!isRecord(r) || url === undefined) {
      problems.push(skip(current, `Remote ${current} of ${String(json.name)} has no url.`));
      continue;
    }
    if (type !== 'streamable-http' && type !== 'sse') {
      problems.push(skip(current, `Remote ${current} has type ${JSON.stringify(type ?? null)}: a remote is streamable-http or sse.`));
      continue;
    }
    const headers = keyValues(r.headers, inputs);
    entries.push({ name: current, transport: { kind: 'http', url, headers: headers.values, mode: type }, secretKeys: headers.secret });
  }
  return { entries, inputs: [...inputs.found.values()], problems };
}
