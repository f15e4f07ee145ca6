import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../stores/log-store.js';
import { restoreLogMessages } from './restore.js';
import { createLoggingStore } from './logging-store.js';

const entry = (seq: number, fields: Partial<LogEntry>): LogEntry => ({
  seq,
  at: 1000 + seq,
  t: seq,
  connection: 2,
  direction: 'in',
  kind: 'notification',
  raw: '',
  size: 0,
  ...fields,
});

describe('restoreLogMessages', () => {
  it('puts back the log messages of a restored log, with their connection and time, and nothing else', () => {
    const store = createLoggingStore({ session: () => undefined, schedule: (publish) => publish() });
    restoreLogMessages(
      [
        entry(1, { method: 'notifications/message', raw: '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"error","data":"x"}}' }),
        entry(2, { method: 'notifications/progress', raw: '{"jsonrpc":"2.0","method":"notifications/progress","params":{}}' }),
        entry(3, { direction: 'out', method: 'notifications/message', raw: '{"jsonrpc":"2.0","method":"notifications/message","params":{}}' }),
        entry(4, { method: 'notifications/message', raw: '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info"}}' }),
      ],
      store,
    );
    const messages = store.getState().messages;
    expect(messages.map((m) => [m.level, m.connection, m.receivedAt, m.problems.length])).toEqual([
      ['error', 2, 1001, 0],
      ['info', 2, 1004, 1],
    ]);
  });
});
