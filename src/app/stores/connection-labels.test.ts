import { describe, expect, it } from 'vitest';
import type { ConnectionSnapshot } from '../connection/proxy-connection.js';
import { connectionFullLabel, connectionShortLabel, createConnectionLabels, noteConnection } from './connection-labels.js';

const snapshot = (connection: number, over: Partial<ConnectionSnapshot>): ConnectionSnapshot =>
  ({
    connection,
    status: 'ready',
    transport: { kind: 'stdio', command: 'node', args: ['demo.js'], env: {} },
    ...over,
  }) as ConnectionSnapshot;

describe('connection labels', () => {
  it('name a connection by its server and transport, short for a cell and in full for a tooltip', () => {
    const store = createConnectionLabels();
    noteConnection(store, snapshot(1, {}));
    noteConnection(store, snapshot(2, { transport: { kind: 'http', url: 'http://127.0.0.1:9/mcp', mode: 'auto' } } as Partial<ConnectionSnapshot>));
    noteConnection(store, snapshot(1, { info: { serverInfo: { name: 'demo', version: '1.0.0' } } } as Partial<ConnectionSnapshot>));
    const labels = store.getState().labels;
    expect(connectionShortLabel(1, labels.get(1))).toBe('#1 demo 1.0.0');
    expect(connectionFullLabel(1, labels.get(1))).toBe('Connection 1 · demo 1.0.0 · stdio');
    expect(connectionFullLabel(2, labels.get(2))).toBe('Connection 2 · http://127.0.0.1:9/mcp · HTTP');
  });

  it('name the page’s own lines, and a connection with no label by its number', () => {
    expect(connectionShortLabel(0, undefined)).toBe('page');
    expect(connectionShortLabel(5, undefined)).toBe('#5');
    expect(connectionFullLabel(5, { connection: 5, server: 'old 0.1', restored: true })).toBe('Connection 5 · old 0.1 · before the reload');
  });
});
