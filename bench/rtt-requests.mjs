// What bench/ping-rtt measures a round trip of: its arguments, the request it
// times (ping, or 2026-07-28 server/discover built by the protocol core's own
// ClientSession) and the check every reply must pass, so that a run of error
// replies is never reported as a fast one. The protocol module is passed in:
// the bench gives it the built dist/, the test gives it src/.

export const RTT_METHODS = ['ping', 'discover'];

const USAGE = 'usage: node bench/ping-rtt.mjs [--method ping|discover] [--pings N] [--warmup N] [--profile-proxy DIR]';
// Measured requests alternate between the paths in rounds, so load from elsewhere hits them alike.
export const STDIO_ROUNDS = 4;
export const HTTP_ROUNDS = 20;

/**
 * The bench's arguments: { ok: true, method, pings, warmup, profileDir? }, or
 * { ok: false, message } saying what was wrong. --pings must split evenly into the rounds.
 */
export function parseRttArgs(argv) {
  const out = { ok: true, method: 'ping', pings: 2000, warmup: 200 };
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i];
    const value = argv[i + 1];
    if (!['--method', '--pings', '--warmup', '--profile-proxy'].includes(name)) {
      return { ok: false, message: `Unknown argument "${name}". ${USAGE}` };
    }
    if (value === undefined) return { ok: false, message: `${name} needs a value. ${USAGE}` };
    i++;
    if (name === '--method') {
      if (!RTT_METHODS.includes(value)) return { ok: false, message: `--method takes ${RTT_METHODS.join(' or ')}, not "${value}".` };
      out.method = value;
    } else if (name === '--profile-proxy') {
      out.profileDir = value;
    } else {
      const n = /^\d+$/.test(value) ? Number(value) : NaN;
      const key = name === '--pings' ? 'pings' : 'warmup';
      if (!Number.isSafeInteger(n) || (key === 'pings' && (n === 0 || n % HTTP_ROUNDS !== 0 || n % STDIO_ROUNDS !== 0))) {
        const want = key === 'pings' ? `a positive multiple of ${HTTP_ROUNDS} (they are split into rounds)` : 'a whole number';
        return { ok: false, message: `${name} takes ${want}, not "${value}".` };
      }
      out[key] = n;
    }
  }
  return out;
}

/**
 * The request a round trip sends, by id. server/discover is built by a
 * ClientSession, so it carries the modern `_meta` (protocolVersion,
 * clientCapabilities, clientInfo) exactly as a session speaking `version` sends it.
 */
export function rttRequest(method, protocol, version = protocol.NEWEST_MODERN_VERSION) {
  if (method === 'ping') return (id) => `{"jsonrpc":"2.0","id":${id},"method":"ping"}`;
  let raw;
  const session = new protocol.ClientSession({ send: (text) => void (raw = text) });
  void session.discover({ version });
  session.close('bench: only the request was wanted');
  const frame = JSON.parse(raw);
  return (id) => JSON.stringify({ ...frame, id });
}

/** What is wrong with a reply to the bench's request (undefined: a proper answer). */
export function replyProblem(method, protocol, reply) {
  const what = method === 'ping' ? 'ping' : 'server/discover';
  if (reply.error !== undefined) return `${what} was answered with error ${reply.error.code}: ${reply.error.message}`;
  if (method === 'ping') {
    const r = reply.result;
    return r !== null && typeof r === 'object' && !Array.isArray(r) ? undefined : `ping was answered with ${JSON.stringify(r)}, not an object`;
  }
  const parsed = protocol.parseDiscoverResult(reply.result);
  return parsed.ok ? undefined : parsed.message;
}
