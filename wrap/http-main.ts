// `mcpscope wrap --listen HOST:PORT --to URL`: the reverse proxy, recorded into
// a capture, until the wrapper is stopped (SIGINT, SIGTERM, SIGHUP). Its few
// words go to stderr: where it listens, what it could not do.
import { maskOAuthUrl, plural } from '../src/protocol/wire.js';
import type { WrapHttpOptions } from './args.js';
import { isLoopbackName, startHttpWrap } from './http-proxy.js';
import { openRecording } from './recording.js';

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

export async function wrapHttp(o: WrapHttpOptions, say: (line: string) => void): Promise<void> {
  const to = new URL(o.to);
  const url = maskOAuthUrl(to.href);
  const { file, live, recorder } = openRecording({ name: o.name ?? to.hostname, url }, o.capture, say, 'http');
  const started = await startHttpWrap({ ...o.listen, to, tap: recorder, say });
  if (!started.ok) {
    say(started.error);
    recorder.system(started.error);
    await Promise.all([live.end(started.error), file.end()]);
    process.exit(1);
  }
  const wrap = started.value;
  if (!isLoopbackName(o.listen.host)) {
    say(`listening on ${o.listen.host}, not on loopback: anyone on that network can reach ${to.origin} through it.`);
  }
  recorder.system(`mcpscope wrap listens on ${wrap.url} and forwards to ${url}.`);
  say(`point the host at ${wrap.url} — each request goes to ${url} and is recorded in ${file.path}.`);

  const stop = async (signal: NodeJS.Signals) => {
    for (const s of STOP_SIGNALS) process.off(s, stop);
    recorder.system(`Stopped by ${signal}.`);
    await wrap.close();
    recorder.flush();
    if (file.dropped > 0 && file.writing) recorder.system(`${plural(file.dropped, 'record')} could not be written: the disk was not keeping up.`);
    await Promise.all([live.end(`mcpscope wrap was stopped by ${signal}.`), file.end()]);
    process.exit(0);
  };
  for (const s of STOP_SIGNALS) process.on(s, stop);
}
