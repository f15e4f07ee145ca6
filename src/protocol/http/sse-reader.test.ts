import { describe, expect, it } from 'vitest';
import { SeenEventIds, SseReader, type SseEvent } from './sse-reader.js';

function read(chunks: string[]) {
  const events: SseEvent[] = [];
  const retries: number[] = [];
  const problems: string[] = [];
  const reader = new SseReader({ onEvent: (e) => events.push(e), onRetry: (ms) => retries.push(ms), onProblem: (p) => problems.push(p) });
  for (const c of chunks) reader.feed(c);
  return { reader, events, retries, problems, end: reader.end() };
}

describe('SseReader', () => {
  it('reads events split anywhere, with ids and types, and tolerates priming events with empty data', () => {
    const { events, reader, end } = read(['id: p1\nda', 'ta: \n\nevent: message\nid: 7\r\ndata: {"a":', '1}\r\n\r\n']);
    expect(events).toEqual([
      { id: 'p1', data: '' },
      { event: 'message', id: '7', data: '{"a":1}' },
    ]);
    expect(reader.lastEventId).toBe('7');
    expect(reader.events).toBe(2);
    expect(end.unfinishedChars).toBe(0);
  });

  it('honours retry and reports lines it cannot use', () => {
    const { retries, reader, problems } = read(['retry: 1500\n\nretry: soon\nbogus: 1\n\n']);
    expect(retries).toEqual([1500]);
    expect(reader.retryMs).toBe(1500);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/retry/);
  });

  it('knows when the stream stopped in the middle of an event', () => {
    expect(read(['data: {"a":1}\n\ndata: {"b"']).end.unfinishedChars).toBe(10);
    expect(read(['data: x\n']).end.unfinishedChars).toBe(7); // no closing blank line
    expect(read(['data: x\r', '\n', '\r\n']).end.unfinishedChars).toBe(0); // CRLF split across chunks
    expect(read([': keep-alive\n\n']).end.unfinishedChars).toBe(0);
  });

  it('stops at the size limit instead of buffering without bound', () => {
    const problems: string[] = [];
    const reader = new SseReader({ onEvent: () => {}, onProblem: (p) => problems.push(p) }, 100);
    reader.feed(`data: ${'x'.repeat(200)}`);
    expect(reader.overflow).toBe(true);
    expect(problems[0]).toMatch(/max buffer size/);
  });
});

describe('SeenEventIds', () => {
  it('accepts an id once, and forgets the oldest past its limit', () => {
    const seen = new SeenEventIds(2);
    expect(seen.add('a')).toBe(true);
    expect(seen.add('a')).toBe(false);
    seen.add('b');
    seen.add('c');
    expect(seen.add('a')).toBe(true);
  });
});
