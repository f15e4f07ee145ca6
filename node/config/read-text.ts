// A config file (or an envFile it names) read in Node: capped in size, and a FIFO or a folder given by
// mistake is refused at once instead of waited on.

import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { MAX_CONFIG_CHARS } from '../../src/protocol/wire.js';
import { refused, type Checked } from '../../options/values.js';

/** A ~ path from the home folder, else a path relative to `dir`, made absolute. */
export function absolutePath(dir: string, path: string): string {
  return path === '~' || path.startsWith('~/') ? resolve(homedir(), path.slice(2)) : resolve(dir, path);
}

/** The text of `path`; sentences name the file as `shown` (how the person gave it). */
export function readConfigText(path: string, shown: string): Checked<string> {
  let fd: number | undefined;
  try {
    // O_NONBLOCK: a FIFO given by mistake is not waited on.
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const stat = fstatSync(fd);
    if (!stat.isFile()) return refused(`--config ${shown} is not a file: give the path of a JSON config file.`);
    if (stat.size > MAX_CONFIG_CHARS)
      return refused(
        `--config ${shown} is ${stat.size.toLocaleString('en')} bytes, more than the ${MAX_CONFIG_CHARS.toLocaleString('en')} a config file may have: is it the right file?`,
      );
    return { ok: true, value: readFileSync(fd, 'utf8') };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return refused(code === 'ENOENT' ? `--config ${shown}: there is no such file.` : `--config ${shown} could not be read (${code ?? String(err)}).`);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
