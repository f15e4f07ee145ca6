// `mcpscope wrap -- COMMAND ARGS…`: sits between a real host and a stdio
// server, forwards their bytes untouched and records them in a capture. It
// writes nothing of its own to stdout; its few words go to stderr.
import { maskCredentials, plural } from '../src/protocol/wire.js';
import { WRAP_USAGE, parseWrapArgs, type WrapOptions } from './args.js';
import { serverName } from './capture-file.js';
import { wrapHttp } from './http-main.js';
import { exitLike, runPassthrough, type PassthroughEnd } from './passthrough.js';
import { printConfig } from './print-config.js';
import { openRecording } from './recording.js';

const say = (line: string) => process.stderr.write(`mcpscope wrap: ${line}\n`);

function exitSentence(end: Extract<PassthroughEnd, { started: true }>): string {
  return end.signal !== null ? `The server was killed by signal ${end.signal}.` : `The server exited with code ${end.code}.`;
}

async function wrap(o: WrapOptions): Promise<never> {
  const name = o.name ?? serverName(o.command, o.args);
  const argv = [o.command, ...o.args];
  const { file, live, recorder } = openRecording({ name, command: maskCredentials(argv.join(' ')) }, o.capture, say);

  const end = await runPassthrough({
    command: o.command,
    args: o.args,
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    tap: recorder,
    onStart: (pid) => recorder.system(`Server started (pid ${pid}) by mcpscope wrap.`, `argv: ${JSON.stringify(argv)}`),
  });
  recorder.flush();
  const ending = end.started ? exitSentence(end) : end.reason;
  if (end.started) recorder.system(ending);
  else {
    say(end.reason);
    recorder.system(end.reason, `argv: ${JSON.stringify(argv)}`);
  }
  if (file.dropped > 0 && file.writing) recorder.system(`${plural(file.dropped, 'record')} could not be written: the disk was not keeping up.`);
  await Promise.all([live.end(ending), file.end()]);
  if (!end.started) process.exit(end.code);
  exitLike(end);
  // exitLike ends the process; this only satisfies the type.
  return new Promise<never>(() => {});
}

/** Run by bin/mcpscope.js for `mcpscope wrap …`; it ends the process itself, as the server ended. */
export async function main(argv: readonly string[]): Promise<void> {
  const parsed = parseWrapArgs(argv);
  if (!parsed.ok) {
    say(parsed.error);
    process.exit(2);
  }
  if (parsed.value === 'help') {
    // On stderr too: whatever a host reads on stdout, the wrapper never wrote.
    process.stderr.write(`${WRAP_USAGE}\n`);
    process.exit(0);
  }
  if ('printConfig' in parsed.value) {
    let printed = '';
    const code = printConfig(parsed.value, { out: (text) => (printed += text), say });
    // Exit once stdout has taken the text: on a pipe the write may finish later.
    await new Promise<void>((done) => process.stdout.write(printed, () => done()));
    process.exit(code);
  }
  if ('to' in parsed.value) await wrapHttp(parsed.value, say);
  else await wrap(parsed.value);
}
