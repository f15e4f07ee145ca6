import { describe, expect, it } from 'vitest';
import { logHeader, parseLogFile, serializeLog } from '../../../protocol/index.js';
import { createLogStore, savedEntry } from '../../stores/log-store.js';
import { entryFromRecord, entryToRecord } from './records.js';

describe('log entries in the export format', () => {
  it('export then import gives back the same entries', () => {
    let clock = Date.UTC(2025, 5, 1, 10);
    const store = createLogStore(
      (run) => run(),
      () => (clock += 7),
    );
    const s = store.getState();
    s.append({ t: 0, connection: 1, direction: 'system', kind: 'system', raw: 'Starting', note: 'argv: ["node"]' });
    s.append({ t: 1.5, connection: 1, direction: 'out', raw: '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}' });
    s.append({ t: 9.75, connection: 1, direction: 'in', raw: '{"jsonrpc":"2.0","id":0,"result":{}}' });
    s.append({ t: 10, connection: 1, direction: 'stderr', kind: 'stderr', raw: 'ready 🌍' });
    s.append({ t: 11, connection: 1, direction: 'in', raw: '{"jsonrpc":"2.0","id":77,"result":{}}' });
    s.append({ t: 12, connection: 1, direction: 'in', raw: '{broken' });
    s.append({ t: 13, connection: 1, direction: 'in', raw: '\uFEFF{"jsonrpc":"2.0","method":"m"}' });
    s.append({
      t: 14,
      connection: 1,
      direction: 'stderr',
      kind: 'stderr',
      raw: 'caf\uFFFD',
      invalidUtf8: true,
      bytes: btoa('caf\xe9'),
      note: 'Contained invalid UTF-8.',
    });
    s.append({ t: 13.5, connection: 1, direction: 'in', raw: '{"jsonrpc":"2.0","id":1,"method":"ui/initialize"}', channel: { app: 3, tool: 'map' } });
    const entries = store.getState().entries;
    const text = serializeLog(logHeader(null, new Date()), entries.map(entryToRecord));
    const parsed = parseLogFile(text);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.problems).toEqual([]);
    // Everything but the classification the page keeps in memory for the linter (never exported).
    expect(parsed.records.map(entryFromRecord)).toEqual(entries.map(savedEntry));
    expect(parsed.records[2]).toMatchObject({ rtt: 8.25, pair: 2, method: 'initialize' });
    // Byte-exact: the mark stays in the text, and invalid UTF-8 comes with its bytes (and their true size).
    expect(parsed.records[6]?.raw.charCodeAt(0)).toBe(0xfeff);
    expect(parsed.records[7]).toMatchObject({ invalidUtf8: true, bytes: btoa('caf\xe9') });
    expect(entryFromRecord(parsed.records[7]!).size).toBe(4);
    // A bridge message keeps its app channel.
    expect(parsed.records[8]).toMatchObject({ method: 'ui/initialize', channel: { app: 3, tool: 'map' } });
  });
});
