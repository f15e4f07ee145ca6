// One table of id cases, run through the ledger itself and through every
// reader of it (session, linter, the page's message log), so they all give
// the same answer. Used by tests only.

/** What an answer is, as the ledger judges it; `answered-early` is the request's verdict when its answer came first. */
export type PairingVerdict = 'paired' | 'late' | 'duplicate' | 'type-mismatch' | 'orphan' | 'unidentified';

export interface PairingCase {
  name: string;
  /** The client's request, as raw text. */
  request: string;
  /** The server's answers, as raw text, in the order they arrive. */
  answers: string[];
  /** The answers arrive before the request is recorded (a log written late). */
  answersFirst?: true;
  /** The verdict on each answer, in order. */
  expect: PairingVerdict[];
  /** The request's verdict when its answer came first. */
  answeredEarly?: true;
}

const req = (id: string) => `{"jsonrpc":"2.0","id":${id},"method":"ping"}`;
const res = (id: string) => `{"jsonrpc":"2.0","id":${id},"result":{}}`;

export const PAIRING_CASES: readonly PairingCase[] = [
  { name: '7 answers 7', request: req('7'), answers: [res('7')], expect: ['paired'] },
  { name: '"7" answers "7"', request: req('"7"'), answers: [res('"7"')], expect: ['paired'] },
  { name: '"7" does not answer 7: the id changed JSON type', request: req('7'), answers: [res('"7"')], expect: ['type-mismatch'] },
  { name: '7 does not answer "7"', request: req('"7"'), answers: [res('7')], expect: ['type-mismatch'] },
  { name: '"07" is another string, not 7', request: req('7'), answers: [res('"07"')], expect: ['orphan'] },
  { name: '7.0 is the number 7', request: req('7'), answers: [res('7.0')], expect: ['paired'] },
  {
    name: 'null answers nothing',
    request: req('7'),
    answers: ['{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}'],
    expect: ['unidentified'],
  },
  {
    name: 'an integer beyond 2^53 is kept as its digits',
    request: req('12345678901234567890'),
    // Both round to the same double; only the second is the same id.
    answers: [res('12345678901234567891'), res('12345678901234567890')],
    expect: ['orphan', 'paired'],
  },
  { name: 'a second answer is a duplicate', request: req('7'), answers: [res('7'), res('7')], expect: ['paired', 'duplicate'] },
  {
    name: 'an answer logged before its request pairs with it',
    request: req('7'),
    answers: [res('7')],
    answersFirst: true,
    expect: ['orphan'],
    answeredEarly: true,
  },
];
