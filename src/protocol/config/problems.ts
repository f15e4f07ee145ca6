// What an import gives back: the entries that could be read, the inputs to ask the person for,
// and one sentence per thing that could not be taken as it was.

import type { ServerEntry } from './entry.js';
import type { ConfigHost, SubstitutionContext } from './substitute.js';

export interface ConfigProblem {
  /** The server the sentence is about; absent: the file as a whole. */
  server?: string;
  message: string;
  /** The server was not imported (else it was, and the sentence says what was left out or changed). */
  skipped: boolean;
}

/** A value the person is asked for: VS Code's `inputs`, or a registry variable with no default. */
export interface ConfigInput {
  id: string;
  description?: string;
  /** Typed without echo, kept as a secret. */
  password: boolean;
  /** The servers that use it. */
  servers: string[];
}

export interface ConfigImport {
  /** Who the file was written for; absent when it could not be read at all. */
  host?: ConfigHost;
  entries: ServerEntry[];
  inputs: ConfigInput[];
  problems: ConfigProblem[];
}

export interface ImportContext extends SubstitutionContext {
  /** Makes a relative cwd absolute against the config file's folder (the side that has files gives it). */
  resolveCwd?: (cwd: string) => string;
}

export const skip = (server: string, message: string): ConfigProblem => ({ server, message, skipped: true });
export const note = (server: string, message: string): ConfigProblem => ({ server, message, skipped: false });
