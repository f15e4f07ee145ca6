// --config FILE [--server NAME] [--input ID=VALUE], read the same way by both programs. The file says how
// to reach its servers, so an option that says it too is refused with a sentence rather than ignored.

import { OPTIONS, type OptionValues } from './table.js';
import { accepted, refused, type Checked } from './values.js';

export interface ConfigOptions {
  file: string;
  server?: string;
  /** --input ID=VALUE, in order. */
  answers: Array<[string, string]>;
}

/**
 * @param command the server command, if one was given
 * @param commandWord how the program asks for a command, for messages ("a server command", "--stdio")
 */
export function configOptionsFrom(values: OptionValues, command: string | undefined, commandWord: string): Checked<ConfigOptions | undefined> {
  const { config } = OPTIONS;
  if (values.config === undefined) {
    if (values.input !== undefined) return refused(`${OPTIONS.input.flag} goes with ${config.flag}: it answers an \${input:ID} of a config file.`);
    return accepted(undefined);
  }
  if (command !== undefined || values.url !== undefined) {
    const given = command !== undefined ? `the command "${command}"` : `--url ${values.url}`;
    return refused(
      `Give ${config.flag} or ${command !== undefined ? commandWord : '--url'}, not both: the file says how to reach the server (got ${config.flag} ${values.config} and ${given}).`,
    );
  }
  if (values.demo !== undefined)
    return refused(`--demo prefills a bundled demo server; it does not go with ${config.flag}, whose servers are offered instead.`);
  const extra = (['env', 'cwd', 'header', 'mode'] as const).find((name) => values[name] !== undefined);
  if (extra) return refused(`${OPTIONS[extra].flag} goes with ${commandWord} or --url, not ${config.flag}: set it in the server's entry in ${values.config}.`);
  return accepted({ file: values.config, ...(values.server !== undefined ? { server: values.server } : {}), answers: values.input ?? [] });
}
