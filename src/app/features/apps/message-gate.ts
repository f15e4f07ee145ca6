// What passes from the sandbox to the bridge: a JSON-RPC message, under the
// size cap, within the rate. Anything else is dropped before the bridge sees
// it and said why; a flood is counted, so the page stays responsive.
import { classifyMessage, SANDBOX_MESSAGES_PER_SECOND, type JsonRpcMessage, type SandboxDiagnostic } from '../../../protocol/index.js';

/** 4 MiB of JSON text: far beyond what an app needs to say in one message. */
export const MAX_MESSAGE_CHARS = 4 * 1024 * 1024;
/**
 * Messages a second; the rest of that second is dropped and counted. The sandbox passes on no more than
 * SANDBOX_MESSAGES_PER_SECOND in any second; messages it passed may arrive bunched after the page was busy,
 * hence twice that here: a backstop, not the limit an app meets.
 */
export const MAX_MESSAGES_PER_SECOND = 2 * SANDBOX_MESSAGES_PER_SECOND;

export type Admitted =
  | { ok: true; raw: string; message: JsonRpcMessage }
  /** `diagnostic` is absent for a message dropped by the rate (counted in `dropped()`). */
  | { ok: false; diagnostic?: SandboxDiagnostic };

export interface MessageGate {
  admit(data: unknown): Admitted;
  /** Messages the rate dropped since the last call, and resets the count. */
  takeDropped(): number;
}

export function createMessageGate(
  now: () => number = () => performance.now(),
  limits: { maxChars: number; perSecond: number } = { maxChars: MAX_MESSAGE_CHARS, perSecond: MAX_MESSAGES_PER_SECOND },
): MessageGate {
  let windowStart = -Infinity;
  let inWindow = 0;
  let dropped = 0;
  const bad = (reason: string, size: number): Admitted => ({ ok: false, diagnostic: { kind: 'bad-message', reason, size } });
  return {
    admit(data) {
      const t = now();
      if (t - windowStart >= 1000) {
        windowStart = t;
        inWindow = 0;
      }
      // Counted before any work on the message: a flood costs the page next to nothing.
      if (++inWindow > limits.perSecond) {
        dropped++;
        return { ok: false };
      }
      if (typeof data === 'string' && data.length > limits.maxChars) {
        return bad(`A message of ${data.length} characters, over the ${limits.maxChars} the host takes: dropped.`, data.length);
      }
      let raw: string | undefined;
      try {
        raw = JSON.stringify(data);
      } catch (err) {
        return bad(`A message that cannot be written as JSON (${err instanceof Error ? err.message : String(err)}): dropped.`, 0);
      }
      if (raw === undefined) return bad(`A message that is ${typeof data}, not JSON: dropped.`, 0);
      if (raw.length > limits.maxChars) return bad(`A message of ${raw.length} characters, over the ${limits.maxChars} the host takes: dropped.`, raw.length);
      const value: unknown = JSON.parse(raw);
      const frame = classifyMessage(value);
      if (frame.kind === 'invalid') return bad(`A message that is not JSON-RPC (${frame.reason}): dropped.`, raw.length);
      return { ok: true, raw, message: frame.message };
    },
    takeDropped() {
      const n = dropped;
      dropped = 0;
      return n;
    },
  };
}
