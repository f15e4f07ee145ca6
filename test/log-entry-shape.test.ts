// The log keeps up to 100,000 entries: each must stay a compact object after the
// linter has read its classified frame. Deleting a property that is not an
// object's last turns it into a dictionary in V8 (about 700 bytes more per
// entry, for good): that took the page's heap after a 100,000-frame stream from
// 46 to 78 MB. This asks V8 itself, through its natives syntax.
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { LintRunner } from '../src/app/lint/lint-runner.js';
import { createLogStore, type LogEntry } from '../src/app/stores/log-store.js';
import { PassiveLinter } from '../src/protocol/index.js';

setFlagsFromString('--allow-natives-syntax');
const hasFastProperties = new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean;

describe('log entries after linting', () => {
  it('keep V8 fast properties, also a request paired after it was logged (its frame no longer its last property)', () => {
    const store = createLogStore(() => {});
    const add = (direction: 'out' | 'in', raw: string) => store.getState().append({ t: 0, connection: 1, direction, raw });
    add('out', '{"jsonrpc":"2.0","id":1,"method":"ping"}');
    // Answered while still buffered: pairSeq is added to the request after its frame.
    add('in', '{"jsonrpc":"2.0","id":1,"result":{}}');
    add('in', '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}');
    store.getState().flush();
    const entries: readonly LogEntry[] = store.getState().entries;
    expect(entries[0]!.pairSeq).toBe(2);
    expect(entries.every(hasFastProperties)).toBe(true);

    const runner = new LintRunner(() => '2025-11-25', { loadLinter: () => PassiveLinter, schedule: (work) => work() });
    runner.observe(entries);
    runner.drain();
    expect(runner.linted()).toBe(3);
    expect(entries.every((e) => e.frame === undefined)).toBe(true);
    expect(entries.filter((e) => !hasFastProperties(e)).map((e) => e.seq)).toEqual([]);
  });
});
