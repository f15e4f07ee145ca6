// Reading a test file and its snapshots, and writing the snapshots back.

import { closeSync, constants, existsSync, fstatSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { readSnapshotStore, writeSnapshotStore, type SnapshotStore } from '../../src/protocol/index.js';
import type { Checked } from '../../options/values.js';

const MAX_BYTES = 1_000_000;

/** The text of a test or snapshot file; a FIFO or a folder given by mistake is refused, never waited on. */
export function readTextFile(path: string): Checked<string> {
  let fd: number | undefined;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { ok: false, error: `${path} is not a file.` };
    if (stat.size > MAX_BYTES)
      return {
        ok: false,
        error: `${path} is ${stat.size.toLocaleString('en')} bytes, more than the ${MAX_BYTES.toLocaleString('en')} mcpscope reads: is it the right file?`,
      };
    return { ok: true, value: readFileSync(fd, 'utf8') };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return { ok: false, error: code === 'ENOENT' ? `${path}: there is no such file.` : `${path} could not be read (${code ?? String(err)}).` };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The stored snapshots; none yet is an empty store. */
export function loadSnapshots(path: string): Checked<SnapshotStore> {
  if (!existsSync(path)) return { ok: true, value: new Map() };
  const text = readTextFile(path);
  if (!text.ok) return text;
  const store = readSnapshotStore(text.value);
  return store.ok ? store : { ok: false, error: `The snapshot file ${path} cannot be used: ${store.error}` };
}

/** Written whole to a temporary file, then renamed: a run stopped midway never leaves half a file. */
export function saveSnapshots(path: string, store: SnapshotStore): void {
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, writeSnapshotStore(store));
  renameSync(temp, path);
}
