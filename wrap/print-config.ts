// `mcpscope wrap --print-config --config FILE [--server NAME] [--name NAME]`: one server of a host's
// config, rewritten to start through the wrapper, printed on stdout for the person to paste. The
// host's file is only read; sentences go to stderr so that stdout holds nothing but the JSON.
import { HOST_NAME, NOT_A_HOST_CONFIG, importConfig, wrapConfigEntry } from '../src/protocol/wire.js';
import { pickConfigServer, severalServers, type ConfigFile } from '../node/config/config-file.js';
import { absolutePath, readConfigText } from '../node/config/read-text.js';
import type { PrintConfigOptions } from './args.js';

export interface PrintConfigIo {
  out: (text: string) => void;
  say: (line: string) => void;
}

/**
 * The host's environment, not this terminal's, fills the file's variables: here every one counts as
 * set, so a variable unset here stops no entry (the printed entry keeps its reference as written).
 */
const ANY_VARIABLE: Readonly<Record<string, string>> = new Proxy(
  {},
  { get: () => '', has: () => true, getOwnPropertyDescriptor: () => ({ value: '', enumerable: true, configurable: true, writable: true }) },
);

/** The exit code: 0 when the entry was printed, 1 with a sentence on stderr when it could not be. */
export function printConfig(o: PrintConfigOptions, io: PrintConfigIo): number {
  const refuse = (sentence: string) => (io.say(sentence), 1);
  const path = absolutePath(process.cwd(), o.config);
  const text = readConfigText(path, o.config);
  if (!text.ok) return refuse(text.error);
  // Read only to tell the host and the servers by name: the entry is rewritten from the text itself.
  const read = importConfig(text.value, { env: ANY_VARIABLE, fileName: path });
  if (read.host === undefined || read.entries.length === 0) {
    const said = read.problems.map((p) => p.message).join(' ');
    return refuse(said ? `${o.config}: ${said}` : `${o.config} has no server in it.`);
  }
  const host = read.host;
  if (host === 'registry') return refuse(NOT_A_HOST_CONFIG);
  const config: ConfigFile = {
    file: o.config,
    path,
    servers: read.entries.map((entry) => ({ entry, inputs: [], notes: [] })),
    problems: read.problems,
    inputs: read.inputs,
  };
  const picked = pickConfigServer(config, o.server);
  if (!picked.ok) return refuse(picked.error);
  if (picked.value === undefined) return refuse(severalServers(config));
  const server = picked.value.entry.name;
  const wrapped = wrapConfigEntry(text.value, host, server, o.name ?? server);
  if (!wrapped.ok) return refuse(wrapped.error);
  io.out(wrapped.text);
  io.say(`Paste this in place of "${server}" in ${o.config} (${HOST_NAME[host]}); mcpscope does not change that file.`);
  return 0;
}
