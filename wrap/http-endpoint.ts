// HTTP+SSE (2024-11-05) through `wrap --to`: the server's first SSE event,
// `endpoint`, names where the host is to POST. A relative endpoint is forwarded
// as it came; an absolute one on the target's origin would send the host
// straight to the server, so it becomes the same path on the origin the host
// reached the wrapper at (the one place the bytes differ). Either way the
// wrapper learns the path: the host's POSTs to it go to the path the server
// meant, not under --to's path. An endpoint on another origin is left as it is.

/** The stream's first event, an `endpoint` one, as byte offsets in the stream's head. */
export interface FirstEvent {
  /** Where the event ends (after its blank line). */
  end: number;
  data: string;
  /** The value of its one `data:` line (absent when it has several). */
  value?: { start: number; end: number };
}

/**
 * What the head of a stream says so far: wait for more (the bytes before `safe`, whole blocks without data,
 * may go to the host now), pass (its first event is not `endpoint`: nothing to change), or the endpoint event.
 */
export type HeadScan = { kind: 'wait'; safe: number } | { kind: 'pass' } | ({ kind: 'endpoint' } & FirstEvent);

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** The head held while looking for the endpoint event; past it the stream is forwarded as it is. */
export const MAX_HEAD_BYTES = 64 * 1024;

/** Read `head` by SSE's line rules (CRLF, LF or CR; `:` comments) up to its first event with data. */
export function scanHead(head: Buffer): HeadScan {
  const text = head.toString('latin1');
  let at = head.subarray(0, 3).equals(BOM) ? 3 : 0;
  let safe = 0;
  let endpoint = false;
  const data: string[] = [];
  let value: FirstEvent['value'];
  while (at < text.length) {
    // A data line in an event not named endpoint (yet): this stream's first event is not one, so the host
    // gets it at once, before its line is whole.
    if (!endpoint && text.startsWith('data', at) && /^data(:|\r|\n|$)/.test(text.slice(at, at + 5))) return { kind: 'pass' };
    const lf = text.indexOf('\n', at);
    const cr = text.indexOf('\r', at);
    const stop = cr >= 0 && (lf < 0 || cr < lf) ? cr : lf;
    if (stop < 0) break;
    // A CR at the very end may be the first half of a CRLF: wait for the next byte.
    if (stop === cr && stop === text.length - 1) break;
    const next = stop === cr && text[stop + 1] === '\n' ? stop + 2 : stop + 1;
    const line = text.slice(at, stop);
    if (line === '') {
      if (data.length > 0) return { kind: 'endpoint', end: next, data: data.join('\n'), ...(data.length === 1 && value ? { value } : {}) };
      endpoint = false;
      safe = next;
    } else if (!line.startsWith(':')) {
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const skip = colon < 0 ? line.length : colon + 1 + (line[colon + 1] === ' ' ? 1 : 0);
      const raw = head.subarray(at + skip, stop).toString('utf8');
      if (field === 'event') {
        if (raw !== 'endpoint') return { kind: 'pass' };
        endpoint = true;
      } else if (field === 'data') {
        data.push(raw);
        value = { start: at + skip, end: stop };
      }
    }
    at = next;
  }
  return { kind: 'wait', safe };
}

/** What the wrapper does with an endpoint event. */
export type EndpointPlan =
  | { kind: 'relative'; hostPath: string; targetPath: string }
  | { kind: 'rewritten'; from: string; to: string; hostPath: string; targetPath: string }
  | { kind: 'elsewhere'; endpoint: string }
  | { kind: 'not a URL'; endpoint: string };

const ABSOLUTE = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

/**
 * The endpoint `data` named on a stream the host asked for at `hostUrl` (a path and query, on the wrapper)
 * and the wrapper fetched from `streamUrl` (on the target): resolved as the server meant it (against the
 * stream's URL) and as the host will resolve it (against its own), on `wrapperOrigin`.
 */
export function planEndpoint(data: string, streamUrl: URL, hostUrl: string, wrapperOrigin: string): EndpointPlan {
  const endpoint = data.trim();
  let meant: URL;
  try {
    meant = new URL(endpoint, streamUrl);
  } catch {
    return { kind: 'not a URL', endpoint };
  }
  if (meant.origin !== streamUrl.origin) return { kind: 'elsewhere', endpoint };
  if (!ABSOLUTE.test(endpoint)) return { kind: 'relative', hostPath: new URL(endpoint, new URL(hostUrl, wrapperOrigin)).pathname, targetPath: meant.pathname };
  const to = `${wrapperOrigin}${meant.pathname}${meant.search}`;
  return { kind: 'rewritten', from: endpoint, to, hostPath: meant.pathname, targetPath: meant.pathname };
}

/** The head of the stream as the host gets it: the endpoint's value replaced when the plan rewrites it. */
export function rewrittenHead(head: Buffer, first: FirstEvent, plan: EndpointPlan): Buffer {
  if (plan.kind !== 'rewritten' || first.value === undefined) return head;
  return Buffer.concat([head.subarray(0, first.value.start), Buffer.from(plan.to), head.subarray(first.value.end)]);
}

/** The paths endpoint events named, as the host will ask for them → the target's path; bounded, oldest first out. */
export class EndpointRoutes {
  private readonly routes = new Map<string, string>();

  constructor(private readonly max = 256) {}

  add(hostPath: string, targetPath: string): void {
    this.routes.delete(hostPath);
    this.routes.set(hostPath, targetPath);
    if (this.routes.size > this.max) this.routes.delete(this.routes.keys().next().value!);
  }

  get(hostPath: string): string | undefined {
    return this.routes.get(hostPath);
  }
}

/**
 * Pipe `from` into `to`, holding the head of the stream while its first event may be `endpoint` (at most
 * MAX_HEAD_BYTES): `rewrite` gives the bytes that go in the place of the head that holds it. After that,
 * or as soon as the first event is another, the bytes flow through the pipe untouched.
 */
export function forwardAfterEndpoint(from: NodeJS.ReadableStream, to: NodeJS.WritableStream, rewrite: (head: Buffer, first: FirstEvent) => Buffer): void {
  let held: Buffer = Buffer.alloc(0);
  const release = (bytes: Buffer) => {
    from.off('data', onData);
    from.off('end', onEnd);
    if (bytes.length > 0) to.write(bytes);
    from.pipe(to);
  };
  const onData = (bytes: Buffer) => {
    held = held.length === 0 ? bytes : Buffer.concat([held, bytes]);
    const scan = scanHead(held);
    if (scan.kind === 'endpoint') return release(rewrite(held, scan));
    if (scan.kind === 'pass' || held.length > MAX_HEAD_BYTES) return release(held);
    if (scan.safe > 0) {
      to.write(held.subarray(0, scan.safe));
      held = held.subarray(scan.safe);
    }
  };
  const onEnd = () => to.end(held);
  from.on('data', onData);
  from.once('end', onEnd);
}
