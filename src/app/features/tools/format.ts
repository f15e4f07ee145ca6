// Small display helpers for calls: outcome words, error code names.
import type { RequestOutcome } from '../../../protocol/index.js';
import { readCallResult } from './call-result.js';

const CODE_NAMES: Record<number, string> = {
  [-32700]: 'Parse error',
  [-32600]: 'Invalid request',
  [-32601]: 'Method not found',
  [-32602]: 'Invalid params',
  [-32603]: 'Internal error',
  [-32002]: 'Resource not found',
  [-32042]: 'URL elicitation required',
};

export function errorCodeName(code: number): string | undefined {
  if (CODE_NAMES[code]) return CODE_NAMES[code];
  if (code <= -32000 && code >= -32099) return 'Server error';
  return undefined;
}

/** One or two words for the history's outcome column. */
export function outcomeWords({ outcome, asTask }: { outcome: RequestOutcome; asTask?: boolean }): {
  text: string;
  tone: 'ok' | 'tool-error' | 'bad' | 'muted';
} {
  switch (outcome.status) {
    case 'result': {
      const reading = readCallResult(outcome.result, asTask === true);
      if (reading.kind === 'task') return { text: 'Task created', tone: 'ok' };
      if (reading.kind === 'malformed-task') return { text: 'Malformed task handle', tone: 'bad' };
      if (reading.kind === 'malformed') return { text: 'Malformed result', tone: 'bad' };
      return reading.result.isError === true ? { text: 'Tool error', tone: 'tool-error' } : { text: 'Result', tone: 'ok' };
    }
    case 'error':
      return { text: `Protocol error ${outcome.error.code}`, tone: 'bad' };
    case 'timeout':
      return { text: 'Timed out', tone: 'bad' };
    case 'cancelled':
      return { text: 'Cancelled', tone: 'muted' };
    case 'closed':
      return { text: 'Connection closed', tone: 'bad' };
    case 'refused':
      return { text: 'Not sent', tone: 'muted' };
    case 'stopped':
      return { text: 'Stopped', tone: 'bad' };
  }
}
