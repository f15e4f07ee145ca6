// Whether an answer to ping is what the specification asks for: a result that
// is exactly `{}`. Judged here once; the Ping tab's verdict and the linter's
// PING-RESULT rule each put it in their own words. (That the answer carries
// the request's id, of the same JSON type, is the request ledger's to judge.)

import { isRecord } from '../json/guards.js';

export type PingAnswerProblem = { kind: 'error'; code: number; message: string } | { kind: 'not-empty'; result: unknown };

export function pingAnswerProblem(answer: { result?: unknown; error?: { code: number; message?: string } }): PingAnswerProblem | undefined {
  if (answer.error !== undefined) return { kind: 'error', code: answer.error.code, message: answer.error.message ?? '' };
  const r = answer.result;
  const empty = isRecord(r) && Object.keys(r).length === 0;
  return empty ? undefined : { kind: 'not-empty', result: r };
}
