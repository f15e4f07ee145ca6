// One wrapper's socket (WRAP_SOCKET_PATH): `hello` first, then records, `lost`
// and `end`, each checked; a message that is not right closes this socket with
// the reason, and nothing else (the session stays, disconnected).
import type { RawData, WebSocket } from 'ws';
import { wrapperMessageFromJson } from '../../src/protocol/wire.js';
import type { CapturedSessions } from './sessions.js';

/** Policy violation: the message was wrong. */
const CLOSE_BAD_MESSAGE = 1008;
/** Try again later: too many sessions. */
const CLOSE_TRY_LATER = 1013;

/** A close reason may be 123 bytes at most. */
export function closeReason(sentence: string): string {
  const bytes = Buffer.from(sentence, 'utf8');
  if (bytes.length <= 123) return sentence;
  return `${bytes
    .subarray(0, 120)
    .toString('utf8')
    .replace(/\uFFFD+$/, '')}…`;
}

export function acceptWrapper(ws: WebSocket, sessions: CapturedSessions): void {
  let id: string | undefined;
  let ended = false;
  let closed = false;
  const refuse = (code: number, sentence: string) => {
    closed = true;
    ws.close(code, closeReason(sentence));
  };

  ws.on('error', () => {});
  ws.on('message', (data: RawData, isBinary: boolean) => {
    if (closed) return;
    if (isBinary) return refuse(CLOSE_BAD_MESSAGE, 'messages must be JSON text');
    let value: unknown;
    try {
      value = JSON.parse(String(data));
    } catch {
      return refuse(CLOSE_BAD_MESSAGE, 'a message was not JSON');
    }
    const parsed = wrapperMessageFromJson(value);
    if (!parsed.ok) return refuse(CLOSE_BAD_MESSAGE, parsed.problem);
    const message = parsed.message;
    if (id === undefined) {
      if (message.type !== 'hello') return refuse(CLOSE_BAD_MESSAGE, 'the first message must be "hello"');
      const opened = sessions.open(message);
      if (!opened.ok) return refuse(CLOSE_TRY_LATER, opened.reason);
      id = message.session;
      return;
    }
    if (ended) return refuse(CLOSE_BAD_MESSAGE, 'nothing may follow "end"');
    switch (message.type) {
      case 'hello':
        return refuse(CLOSE_BAD_MESSAGE, '"hello" comes once');
      case 'records':
        return sessions.records(id, message.records);
      case 'lost':
        return sessions.lost(id, message.records);
      case 'end':
        ended = true;
        return sessions.end(id, message.reason);
    }
  });
  ws.on('close', (code: number, reason: Buffer) => {
    if (id === undefined || ended) return;
    const said = String(reason);
    sessions.disconnect(
      id,
      said !== '' ? `The wrapper's link closed: ${said}` : `The wrapper's link closed without "end" (code ${code}): it was stopped, or it lost the proxy.`,
    );
  });
}
