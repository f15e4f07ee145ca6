// The ${input:…} values a --config server needs: from --input ID=VALUE, else asked on a
// terminal (a password without echo), else one sentence saying how to pass them.

import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { resolveInputs, type ConfigInput, type ServerEntry } from '../src/protocol/index.js';
import { refused, type Checked } from '../options/values.js';
import type { ConfigServer } from '../node/config/config-file.js';
import { unknownInput, withGivenInputs } from '../node/config/inputs.js';

/** Asks the person for one value. */
export type Ask = (question: string, password: boolean) => Promise<string>;

const label = (i: ConfigInput) => (i.description ? `${i.id} (${i.description})` : i.id);

export async function answerInputs(server: ConfigServer, given: ReadonlyArray<readonly [string, string]>, ask: Ask | undefined): Promise<Checked<ServerEntry>> {
  const unknown = unknownInput(given, server.inputs, `server "${server.entry.name}"`);
  if (unknown !== undefined) return refused(unknown);
  const partly = withGivenInputs(server, Object.fromEntries(given));
  if (!partly.ok) return partly;
  const { entry, inputs: missing } = partly.value;
  if (missing.length > 0 && ask === undefined) {
    return refused(
      `Server "${entry.name}" needs ${missing.map(label).join(', ')}: pass ${missing.length > 1 ? 'each' : 'it'} with --input ID=VALUE, e.g. --input ${missing[0]!.id}=VALUE.`,
    );
  }
  // Pairs, then fromEntries: an input id such as "__proto__" stays an ordinary key.
  const answers: Array<[string, string]> = [];
  for (const input of missing) answers.push([input.id, await ask!(`${label(input)}: `, input.password)]);
  const resolved = resolveInputs(entry, missing, Object.fromEntries(answers));
  return resolved.ok ? { ok: true, value: resolved.entry } : refused(resolved.error);
}

/** A prompt on the terminal (stderr, so stdout stays the command's); a password is not echoed. */
export const terminalAsk: Ask = async (question, password) => {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  try {
    const answer = rl.question(question);
    muted = password;
    return await answer;
  } finally {
    if (password) process.stderr.write('\n');
    rl.close();
  }
};
