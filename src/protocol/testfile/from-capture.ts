// A capture (mcpscope wrap's, or the Log's export) made into a test file: its
// server as the capture's header recorded it, and each answered call, read and
// prompt a step (see build.ts).

import type { LogHeader } from '../capture/jsonl.js';
import type { LogRecord } from '../capture/record.js';
import { err, ok, type Result } from '../result.js';
import { splitArgs } from '../text/split-args.js';
import { buildTestFile, exchangesOf, type BuiltTest } from './build.js';

function serverOf(header: LogHeader): Result<Record<string, unknown>> {
  const s = header.server;
  if (s?.url) return ok({ url: s.url });
  if (s?.command) {
    const words = splitArgs(s.command);
    if (words.ok && words.args.length > 0) return ok({ command: words.args[0], args: words.args.slice(1) });
  }
  return err("The capture's header does not say how its server was reached (no command or url): it cannot become a test file.");
}

/** `made`: how the file came to be, for its first comment line. */
export function testFromCapture(header: LogHeader, records: readonly LogRecord[], name: string, made = 'mcpscope test --from'): Result<BuiltTest> {
  const server = serverOf(header);
  if (!server.ok) return server;
  const { exchanges, notes, initializeVersion } = exchangesOf(records);
  const version = header.server?.protocolVersion ?? initializeVersion;
  const built = buildTestFile({
    name,
    server: server.value,
    comment: [
      `Made by ${made} from a capture of ${header.exportedAt}; each result is its step's match.`,
      header.server?.url
        ? 'The server as the capture recorded it (headers were not recorded: add any it needs).'
        : 'The server as the capture recorded it: relative paths are read from the folder mcpscope test runs in.',
    ],
    ...(version !== undefined ? { protocolVersion: version } : {}),
    exchanges,
    notes,
  });
  return built.ok ? built : err(`The capture cannot become a test file. ${built.error}`);
}
