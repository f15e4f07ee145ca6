// A cap on the servers one proxy (one token) runs at once, stdio processes and
// HTTP connections together: otherwise every tab or script holding the token
// could start processes without end.
import { formatCount, plural } from '../src/protocol/wire.js';
import type { UpstreamFactory } from './bridge.js';
import type { AnyUpstream } from '../node/upstream/types.js';

/** A start refused because the limit was reached; the bridge reports it as `server-limit`. */
export class ServerLimitError extends Error {}

export function serverLimitMessage(running: number, max: number): string {
  return (
    `The limit of ${plural(max, 'server')} at once was reached: ${formatCount(running)} ${running === 1 ? 'is' : 'are'} running through this mcpscope proxy, so nothing was started. ` +
    'Disconnect or close another mcpscope tab, then press Reconnect; or restart mcpscope with a higher --max-servers.'
  );
}

function refused(error: ServerLimitError): AnyUpstream {
  return {
    start: () => Promise.reject(error),
    send: () => Promise.reject(error),
    shutdown: () => Promise.resolve(),
  };
}

/** `create`, refusing to start more than `max` servers at once. A slot is freed when its server has closed, failed to start or could not be built. */
export function limitServers(create: UpstreamFactory, max: number): UpstreamFactory {
  let running = 0;
  return (config, listener, connection) => {
    if (running >= max) return refused(new ServerLimitError(serverLimitMessage(running, max)));
    running++;
    let held = true;
    const release = (): void => {
      if (held) running--;
      held = false;
    };
    let upstream: AnyUpstream;
    try {
      upstream = create(
        config,
        (event) => {
          if (event.type === 'close') release();
          listener(event);
        },
        connection,
      );
    } catch (err) {
      release(); // nothing was built: the slot is free again
      throw err;
    }
    // Wrapped on the instance, so every other method (pause, resume, …) stays the transport's own.
    const start = upstream.start.bind(upstream);
    const shutdown = upstream.shutdown.bind(upstream);
    upstream.start = () =>
      start().catch((err: unknown) => {
        release();
        throw err;
      });
    upstream.shutdown = () => shutdown().finally(release);
    return upstream;
  };
}
