// npm start -- --config FILE [--server NAME] [--input ID=VALUE]: the file is read once, at start; every
// server it has is offered to the page, and the one selected (by NAME, or the file's only one) prefills
// the Connect form. Anything wrong that stops the start is one sentence, before a browser opens.

import type { ConfigOptions } from '../options/config.js';
import { pickConfigServer, readConfigFile } from '../node/config/config-file.js';
import { unknownInput, withGivenInputs } from '../node/config/inputs.js';
import { oneLine } from '../node/config/one-line.js';
import { configServerId, viewOf, type ConfigInput, type ConfigProblem, type LaunchConfig, type SavedServer } from '../src/protocol/wire.js';
import { refused, type Checked } from '../options/values.js';
import type { ConfigFileLaunch } from './server.js';

/** The file as the proxy offers it, and the lines to say: problems on stderr, what was offered on stdout. */
export interface ConfigLaunch {
  configFile: ConfigFileLaunch;
  problems: string[];
  summary: string[];
}

export function readConfigLaunch(options: ConfigOptions, env: NodeJS.ProcessEnv = process.env): Checked<ConfigLaunch> {
  const launch = configLaunch(options, env);
  return launch.ok ? launch : refused(oneLine(launch.error));
}

function configLaunch(options: ConfigOptions, env: NodeJS.ProcessEnv): Checked<ConfigLaunch> {
  const read = readConfigFile(options.file, env);
  if (!read.ok) return read;
  const config = read.value;
  const unknown = unknownInput(options.answers, config.inputs, config.file);
  if (unknown !== undefined) return refused(unknown);
  const picked = pickConfigServer(config, options.server);
  if (!picked.ok) return picked;
  const answers = Object.fromEntries(options.answers);
  const servers = [];
  for (const server of config.servers) {
    const answered = withGivenInputs(server, answers);
    if (!answered.ok) return answered;
    servers.push(answered.value);
  }
  const selected = picked.value?.entry.name;
  const names = servers.map((s) => s.entry.name);
  const summary = [
    `Servers of ${config.file}: ${names.join(', ')}${selected === undefined ? ' (none is prefilled: start with --server NAME to prefill one)' : `; ${selected} is prefilled`}.`,
  ];
  const waiting = servers.find((s) => s.entry.name === selected)?.inputs ?? [];
  if (waiting.length > 0) summary.push(`${selected} still needs ${waiting.map((i) => i.id).join(', ')}: pass --input ID=VALUE to give it at start.`);
  return {
    ok: true,
    value: {
      configFile: { path: config.path, servers, problems: config.problems, ...(selected !== undefined ? { selected } : {}) },
      problems: config.problems.map((p) => oneLine(p.message)),
      summary: summary.map(oneLine),
    },
  };
}

/** What /api/config says of the --config file: no entry, so no secret. */
export interface ConfigFileSummary {
  path: string;
  servers: string[];
  problems: ConfigProblem[];
  /** The inputs the servers still need, each once. */
  inputs: ConfigInput[];
  selected?: string;
}

/** /api/config: the launch prefill, or the selected server of the --config file, with the file's summary. */
export function launchWithConfigFile(launch: LaunchConfig, file: ConfigFileLaunch | undefined): LaunchConfig & { configFile?: ConfigFileSummary } {
  if (file === undefined) return launch;
  const inputs = new Map(file.servers.flatMap((s) => s.inputs).map((i) => [i.id, i]));
  const selected = file.servers.find((s) => s.entry.name === file.selected)?.entry;
  const summary: ConfigFileSummary = {
    path: file.path,
    servers: file.servers.map((s) => s.entry.name),
    problems: file.problems,
    inputs: [...inputs.values()],
    ...(selected !== undefined ? { selected: selected.name } : {}),
  };
  if (selected === undefined) return { ...launch, configFile: summary };
  const server: SavedServer = { id: configServerId(selected.name), entry: selected, createdAt: '', updatedAt: '', source: 'config' };
  return { ...launchOfSaved(launch, server), configFile: summary };
}

/** The launch prefill replaced by a listed server (saved, or of the --config file), which the page opens by reference. */
export function launchOfSaved(launch: LaunchConfig, server: SavedServer): LaunchConfig {
  const { protocolChoice: _demoChoice, ...rest } = launch;
  return {
    ...rest,
    // The page never gets a secret of the server: the prefill shows KEPT_SECRET, and the proxy puts the real ones back.
    prefill: viewOf(server).entry.transport,
    savedServer: server.id,
    ...(server.entry.protocolVersion !== undefined ? { protocolChoice: server.entry.protocolVersion } : {}),
  };
}
