import { describe, expect, it } from 'vitest';
import type { ConnectionSnapshot } from '../connection/proxy-connection.js';
import { watchServerChange } from './server-change.js';

const snap = (connection: number, command: string) =>
  ({ connection, status: 'connecting', transport: { kind: 'stdio', command, args: [], env: {} } }) as unknown as ConnectionSnapshot;

describe('watchServerChange', () => {
  it('fires when a new connection goes to another server, not on reconnects or status changes', () => {
    let listener!: (s: { snapshot: ConnectionSnapshot | null }) => void;
    let changes = 0;
    watchServerChange(
      (l) => {
        listener = l;
        return () => {};
      },
      () => changes++,
    );
    listener({ snapshot: snap(1, 'a') });
    listener({ snapshot: { ...snap(1, 'a'), status: 'ready' } as ConnectionSnapshot });
    listener({ snapshot: snap(2, 'a') });
    expect(changes).toBe(0);
    listener({ snapshot: snap(3, 'b') });
    expect(changes).toBe(1);
  });
});
