import { describe, expect, it } from 'vitest';
import { ClientSession } from './client-session.js';
import { ManualClock } from '../time/clock.js';

function setup() {
  const clock = new ManualClock();
  const sent: Array<Record<string, unknown>> = [];
  const session = new ClientSession({ send: (raw) => sent.push(JSON.parse(raw) as Record<string, unknown>), clock, requestTimeoutMs: 1_000 });
  session.markReadyWithoutInitialize();
  return { clock, sent, session };
}

describe('holding deadlines (the OAuth flow waits for a person)', () => {
  it('times nothing out while held, requests sent meanwhile included; then each gets its whole timeout again', async () => {
    const { clock, session } = setup();
    const before = session.request('tools/list');
    clock.advance(900);
    session.holdDeadlines(true);
    const during = session.request('prompts/list');
    clock.advance(60_000);
    const settled: string[] = [];
    void before.then((o) => settled.push(`tools ${o.status}`));
    void during.then((o) => settled.push(`prompts ${o.status}`));
    await Promise.resolve();
    expect(settled).toEqual([]);
    session.holdDeadlines(false);
    clock.advance(999);
    await Promise.resolve();
    expect(settled).toEqual([]);
    clock.advance(1);
    await Promise.all([before, during]);
    expect(settled).toEqual(['tools timeout', 'prompts timeout']);
  });

  it('holding twice, or releasing what was not held, changes nothing', async () => {
    const { clock, session } = setup();
    session.holdDeadlines(false);
    const r = session.request('tools/list');
    clock.advance(500);
    session.holdDeadlines(false);
    clock.advance(500);
    expect((await r).status).toBe('timeout');
  });
});
