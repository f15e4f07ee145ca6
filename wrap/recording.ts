// The capture of one wrapped session, stdio or HTTP: the file (asked for with
// --capture, never replacing one, or a new one per run), its header, the live
// link to a running proxy, and the one recorder that writes into both.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { logHeader, type CaptureTransport, type LogServer } from '../src/protocol/wire.js';
import { proxyFilePath } from '../node/proxy-file/proxy-file.js';
import { CaptureFile, captureFileName, capturesDirectory, unusedPath } from './capture-file.js';
import { LiveLink } from './live-link.js';
import { Recorder } from './recorder.js';

export interface Recording {
  file: CaptureFile;
  live: LiveLink;
  recorder: Recorder;
}

/** `server` goes in the header as it is: mask what it holds first. */
export function openRecording(
  server: LogServer & { name: string },
  capture: string | undefined,
  say: (line: string) => void,
  transport: CaptureTransport = 'stdio',
): Recording {
  const startedAt = Date.now();
  const t0 = performance.now();
  const asked = capture === undefined ? undefined : unusedPath(capture);
  if (asked !== undefined && asked !== capture) say(`${capture} is already there, so this session is recorded in ${asked}.`);
  const file = new CaptureFile(asked ?? join(capturesDirectory(), captureFileName(server.name, new Date(startedAt), process.pid)), {
    fresh: asked === undefined,
    say,
  });
  const header = logHeader(server, new Date(startedAt));
  file.write(`${JSON.stringify(header)}\n`);
  const live = new LiveLink({ proxyFile: proxyFilePath(), transport, header, capture: file.writing ? file.path : undefined, say });
  live.start();
  const sink = {
    write(lines: string) {
      file.write(lines);
      live.write(lines);
    },
  };
  const recorder = new Recorder({ sink, startedAt, now: () => performance.now() - t0, onFallBehind: () => file.fallBehind() });
  return { file, live, recorder };
}
