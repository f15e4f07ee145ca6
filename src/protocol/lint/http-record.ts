// An HTTP exchange read back from its log record (kind 'http'): the page's and
// mcpscope wrap's notes both list the request line, every header ("→ name:
// value", "← name: value") and the status ("← 200 OK"); the page's also names
// what the POST carried. A capture keeps no more than that, so the rules that
// need the transport in use read these exchanges as Streamable HTTP ones.

import { setOwn } from '../text/own.js';
import type { HttpExchangeFacts } from './transport.js';

const REQUEST_LINE = /^HTTP exchange [^:]*: ([A-Z]+) \S+/;
const STATUS_LINE = /^← (\d{3})(?: |$)/;
const HEADER_LINE = /^([→←]) ([^:\s][^:]*): (.*)$/;

/** The facts the transport rules read, or undefined when the note is not an exchange's. */
export function exchangeFactsOfRecord(note: string | undefined): HttpExchangeFacts | undefined {
  if (note === undefined) return undefined;
  const lines = note.split('\n');
  const method = REQUEST_LINE.exec(lines[0] ?? '')?.[1];
  if (method === undefined) return undefined;
  const facts: HttpExchangeFacts = { method, requestHeaders: {}, responseHeaders: {} };
  for (const line of lines.slice(1)) {
    const status = STATUS_LINE.exec(line);
    if (status) {
      facts.status = Number(status[1]);
      continue;
    }
    const header = HEADER_LINE.exec(line);
    if (header) {
      const [, arrow, name, value] = header;
      setOwn(arrow === '→' ? facts.requestHeaders : facts.responseHeaders, name!.toLowerCase(), value!);
      continue;
    }
    if (line.startsWith('Carried: ')) carried(facts, line.slice('Carried: '.length));
  }
  return facts;
}

/** One item of the page's "Carried:" line: a method or a kind, then the id when it had one (JSON). */
const CARRIED_ITEM = /(\S+?)( \(id (?:"(?:[^"\\]|\\.)*"|[^)]*)\))?(?:, |$)/y;

/** "initialize (id 0), notifications/initialized": what the page's note says a POST carried. */
function carried(facts: HttpExchangeFacts, text: string): void {
  const items: Array<{ what: string; id: boolean }> = [];
  CARRIED_ITEM.lastIndex = 0;
  while (CARRIED_ITEM.lastIndex < text.length) {
    const m = CARRIED_ITEM.exec(text);
    if (!m) return;
    items.push({ what: m[1]!, id: m[2] !== undefined });
  }
  if (items.length > 1) facts.carried = 'batch';
  else if (items.length === 1) {
    const { what, id } = items[0]!;
    if (what === 'response' || what === 'error') facts.carried = 'response';
    else if (what !== 'invalid') facts.carried = id ? 'request' : 'notification';
  }
  if (items.some((i) => i.what === 'initialize')) facts.initialize = true;
}
