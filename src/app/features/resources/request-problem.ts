// What went wrong with a request, in sentences: JSON-RPC errors with their
// code, message and data; timeouts; a closed connection. Shared by the
// Resources and Prompts tabs.

import type { RequestOutcome } from '../../../protocol/index.js';

export interface RequestProblem {
  title: string;
  /** What happened and what to do. */
  detail: string;
  code?: number;
  message?: string;
  /** The error's `data`, pretty-printed. */
  data?: string;
}

/** MCP's "resource not found" (≤ 2025-11-25). */
export const RESOURCE_NOT_FOUND = -32002;

const STANDARD: Record<number, { name: string; hint: (method: string) => string }> = {
  [-32700]: { name: 'Parse error', hint: () => 'The server could not parse the request.' },
  [-32600]: { name: 'Invalid request', hint: () => 'The server says the request is not a valid JSON-RPC request.' },
  [-32601]: { name: 'Method not found', hint: (m) => `The server does not implement ${m}.` },
  [-32602]: { name: 'Invalid params', hint: () => 'The server rejected the parameters: check the values and try again.' },
  [-32603]: { name: 'Internal error', hint: () => 'The server failed while handling the request; its stderr (in the Log tab) may say why.' },
};

function dataText(data: unknown): string | undefined {
  if (data === undefined) return undefined;
  try {
    return JSON.stringify(data, null, 2);
  } catch {
    return String(data);
  }
}

/** Undefined for a result; otherwise what went wrong. `uri` names the resource for "not found". */
export function describeProblem(outcome: RequestOutcome, method: string, uri?: string): RequestProblem | undefined {
  switch (outcome.status) {
    case 'result':
      return undefined;
    case 'error': {
      const { code, message, data } = outcome.error;
      const base = { code, message, ...(data !== undefined ? { data: dataText(data) } : {}) };
      if (code === RESOURCE_NOT_FOUND && method.startsWith('resources/')) {
        return {
          ...base,
          title: 'Resource not found',
          detail: `The server has no resource at ${uri ?? 'this URI'}. Check the URI, or pick one from the list.`,
        };
      }
      const standard = STANDARD[code];
      return {
        ...base,
        title: standard ? `${standard.name} (${code})` : `Error ${code}`,
        detail: standard ? standard.hint(method) : `The server answered ${method} with an error.`,
      };
    }
    case 'timeout':
      return {
        title: 'No response',
        detail: `${outcome.message} mcpscope sent notifications/cancelled; try again, or look at the Log tab for what the server did.`,
      };
    case 'closed':
      return { title: 'Connection closed', detail: `${outcome.message} Connect again, then retry.` };
    case 'refused':
      return { title: 'Not sent', detail: outcome.message };
    case 'stopped':
      return { title: 'Stopped asking for input', detail: outcome.message };
  }
}
