// The capture of one wrapped session, stdio or HTTP: the file (asked for with
// --capture, never replacing one, or a new one per run), its header, and the
// one recorder that writes into it.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { logHeader, type LogServer } from '../src/protocol/wire.js';
import { CaptureFile, captureFileName, capturesDirectory, unusedPath } from './capture-file.js';
import { Recorder } from './recorder.js';

export interface Recording {
  file: CaptureFile;
  recorder: Recorder;
}

/** `server` goes in the header as it is: mask what it holds first. */
export function openRecording(server: LogServer & { name: string }, capture: string | undefined, say: (line: string) => void): Recording {
  const startedAt = Date.now();
  const t0 = performance.now();
  const asked = capture === undefined ? undefined : unusedPath(capture);
  if (asked !== undefined && asked !== capture) say(`${capture} is already there, so this session is recorded in ${asked}.`);
  const file = new CaptureFile(asked ?? join(capturesDirectory(), captureFileName(server.name, new Date(startedAt), process.pid)), {
    fresh: asked === undefined,
    say,
  });
  file.write(`${JSON.stringify(logHeader(server, new Date(startedAt)))}\n`);
  const recorder = new Recorder({ sink: file, startedAt, now: () => performance.now() - t0, onFallBehind: () => file.fallBehind() });
  return { file, recorder };
}
