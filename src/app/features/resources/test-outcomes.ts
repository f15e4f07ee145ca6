// Request outcomes for unit tests, built from real frames.

import { classifyFrame, makeError, makeRequest, makeResult, serializeMessage, type RequestOutcome } from '../../../protocol/index.js';

let id = 0;

function request(method: string, params?: unknown) {
  const n = ++id;
  return { id: n, method, raw: serializeMessage(makeRequest(n, method, params)), sentAt: 0 };
}

export function resultOutcome(method: string, result: unknown, params?: unknown): RequestOutcome {
  const req = request(method, params);
  const raw = serializeMessage(makeResult(req.id, result));
  return { status: 'result', request: req, response: { raw, frame: classifyFrame(raw), receivedAt: 1 }, result, rttMs: 1 };
}

export function errorOutcome(method: string, code: number, message: string, data?: unknown): RequestOutcome {
  const req = request(method);
  const frame = makeError(req.id, code, message, data);
  const raw = serializeMessage(frame);
  return { status: 'error', request: req, response: { raw, frame: classifyFrame(raw), receivedAt: 1 }, error: frame.error, rttMs: 1 };
}

/** A session whose answers the test gives, one request at a time. */
export function scriptedSession() {
  const sent: Array<{ method: string; params: unknown; answer: (o: RequestOutcome) => void }> = [];
  return {
    sent,
    request(method: string, params?: unknown): Promise<RequestOutcome> {
      return new Promise((answer) => sent.push({ method, params, answer }));
    },
  };
}
