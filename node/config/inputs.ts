// --input ID=VALUE: answers to a config file's `${input:…}` given on the command line. What is not
// answered there is left in the entry, listed, for the CLI's terminal or the page to ask.

import { resolveInputs, type ConfigInput } from '../../src/protocol/wire.js';
import { orList, refused, type Checked } from '../../options/values.js';
import type { ConfigServer } from './config-file.js';

/** The sentence for an --input whose id none of `inputs` has (`of` names where they were looked for). */
export function unknownInput(given: ReadonlyArray<readonly [string, string]>, inputs: readonly ConfigInput[], of: string): string | undefined {
  const unknown = given.find(([id]) => !inputs.some((i) => i.id === id));
  if (unknown === undefined) return undefined;
  const known = inputs.length ? `its inputs are ${orList(inputs.map((i) => i.id))}` : 'it has none';
  return `--input ${unknown[0]}=… names no input of ${of}: ${known}.`;
}

/** The server with the answers given put in (a password input's value marked secret); the rest still listed. */
export function withGivenInputs(server: ConfigServer, answers: Readonly<Record<string, string>>): Checked<ConfigServer> {
  const answered = server.inputs.filter((i) => Object.hasOwn(answers, i.id));
  if (answered.length === 0) return { ok: true, value: server };
  const resolved = resolveInputs(server.entry, answered, answers);
  if (!resolved.ok) return refused(resolved.error);
  return { ok: true, value: { ...server, entry: resolved.entry, inputs: server.inputs.filter((i) => !answered.includes(i)) } };
}
