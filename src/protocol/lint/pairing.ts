// An answer as JSON-RPC pairs it: with the pending request of the other side
// that has its id, or not at all (JR-ERROR-ID, JR-RESP-ORPHAN), in any era.

import type { JsonRpcId } from '../jsonrpc/codec.js';
import type { LedgerRequest } from '../ledger/ledger.js';
import type { RequestId } from '../ledger/request-id.js';
import type { Sender } from './methods.js';
import type { Report } from './report.js';
import { other, type Outstanding, type SessionFacts } from './state.js';

/** The request an answer pairs with and its round trip; undefined (said in a finding) when it pairs with none. */
export function pairAnswer(
  facts: SessionFacts,
  sender: Sender,
  id: JsonRpcId | null | undefined,
  rid: RequestId | undefined,
  at: number,
  report: Report,
): { request: LedgerRequest<Outstanding>; rttMs: number } | undefined {
  const verdict = facts.ledger.answer(sender, rid, at);
  switch (verdict.kind) {
    case 'paired':
      return verdict;
    case 'unidentified': {
      const strict = facts.version < '2025-11-25' && id === undefined;
      report(
        'JR-ERROR-ID',
        `An error response with ${id === null ? 'id null' : 'no id'}; it cannot be matched to a request.`,
        sender,
        strict ? 'error' : 'warning',
      );
      return undefined;
    }
    case 'type-mismatch': {
      const asked = verdict.request.id;
      report(
        'JR-RESP-ORPHAN',
        `The response id ${rid!.text} is a ${typeof rid!.value}, but request ${asked.text} was a ${typeof asked.value}; the id must keep its JSON type, so it answers nothing.`,
        sender,
      );
      return undefined;
    }
    case 'duplicate':
    case 'late':
      report('JR-RESP-ORPHAN', `Request ${verdict.request.id.text} was answered a second time.`, sender);
      return undefined;
    case 'orphan':
      report('JR-RESP-ORPHAN', `A response with id ${rid!.text}, which matches no request the ${other(sender)} sent.`, sender);
      return undefined;
  }
}
