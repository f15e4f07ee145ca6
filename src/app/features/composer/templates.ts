// Starting points for the raw composer. Each makes fresh ids, so a template can
// be sent again without reusing an id.

import { MCPSCOPE_VERSION } from '../../../protocol/index.js';

export interface ComposerTemplate {
  id: string;
  label: string;
  /** What a person should expect, shown under the editor. */
  note: string;
  text(nextId: () => string): string;
}

const PROTOCOL_VERSION = '2025-03-26';

export const TEMPLATES: ComposerTemplate[] = [
  {
    id: 'ping',
    label: 'ping',
    note: 'A plain ping: the answer must be an empty result with the same id.',
    text: (id) => JSON.stringify({ jsonrpc: '2.0', id: id(), method: 'ping' }),
  },
  {
    id: 'ping-params',
    label: 'ping with params: {}',
    note: 'ping takes no parameters; strict servers may answer -32602 Invalid params.',
    text: (id) => JSON.stringify({ jsonrpc: '2.0', id: id(), method: 'ping', params: {} }),
  },
  {
    id: 'ping-notification',
    label: 'ping as a notification',
    note: 'No id, so this is a notification: no answer is due, and a server must not send one.',
    text: () => JSON.stringify({ jsonrpc: '2.0', method: 'ping' }),
  },
  {
    id: 'unknown-method',
    label: 'unknown method',
    note: 'A method MCP does not define: the answer should be error -32601 Method not found.',
    text: (id) => JSON.stringify({ jsonrpc: '2.0', id: id(), method: 'mcpscope/no-such-method' }),
  },
  {
    id: 'initialize-batch',
    label: 'initialize inside a batch',
    note: 'initialize must never be part of a batch, and batches exist only in 2025-03-26: expect an error (or a lint finding).',
    text: (id) =>
      JSON.stringify([
        {
          jsonrpc: '2.0',
          id: id(),
          method: 'initialize',
          params: { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'mcpscope-composer', version: MCPSCOPE_VERSION } },
        },
        { jsonrpc: '2.0', id: id(), method: 'ping' },
      ]),
  },
  {
    id: 'malformed',
    label: 'malformed JSON',
    note: 'Not JSON at all: a server should answer -32700 Parse error with id null.',
    text: (id) => `{"jsonrpc": "2.0", "id": "${id()}", "method": "ping"`,
  },
];

/** A note and the text it was written for (a template's, or a frame loaded from the log). */
export interface Noted {
  note: string;
  text: string;
}

/** The note describes the text it came with: once that text is edited or replaced, it is no longer shown. */
export function shownNote(noted: Noted | undefined, text: string): string | undefined {
  return noted !== undefined && noted.text === text ? noted.note : undefined;
}
