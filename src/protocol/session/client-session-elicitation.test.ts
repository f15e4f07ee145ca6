import { describe, expect, it } from 'vitest';
import { ClientSession } from './client-session.js';
import type { LegacyProtocolVersion as ProtocolVersion } from '../versions.js';

/** What every session declares by default besides its handlers' capabilities: MCP Apps. */
const APPS = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };

/** A session with an elicitation handler that records what reached it, initialized at `version`. */
async function initialized(version: ProtocolVersion, capabilities: Record<string, unknown> = {}) {
  const sent: Array<Record<string, unknown>> = [];
  const asked: unknown[] = [];
  const session = new ClientSession({
    send: (raw) => sent.push(JSON.parse(raw)),
    handlers: {
      'elicitation/create': (params) => {
        asked.push(params);
        return { result: { action: 'decline' } };
      },
    },
  });
  const p = session.initialize(version, capabilities);
  session.receive(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { protocolVersion: version, capabilities: {}, serverInfo: { name: 's', version: '1' } } }));
  await p;
  const declared = (sent[0]!.params as { capabilities: unknown }).capabilities;
  sent.length = 0;
  const ask = (params: unknown) => session.receive(JSON.stringify({ jsonrpc: '2.0', id: 'e1', method: 'elicitation/create', params }));
  return { sent, asked, declared, ask };
}

const urlParams = { mode: 'url', message: 'Sign in', url: 'https://example.com/a', elicitationId: 'x1' };

describe('ClientSession: elicitation modes', () => {
  it('declares form and url modes in 2025-11-25, and the bare capability (form only) in 2025-06-18', async () => {
    expect((await initialized('2025-11-25')).declared).toEqual({ elicitation: { form: {}, url: {} }, ...APPS });
    expect((await initialized('2025-06-18')).declared).toEqual({ elicitation: {}, ...APPS });
  });

  it('hands a URL elicitation to the handler when url mode was declared', async () => {
    const { sent, asked, ask } = await initialized('2025-11-25');
    ask(urlParams);
    expect(asked).toEqual([urlParams]);
    expect(sent).toEqual([{ jsonrpc: '2.0', id: 'e1', result: { action: 'decline' } }]);
  });

  it('answers -32602 to url mode when only form was declared (2025-06-18), without asking anyone', async () => {
    const { sent, asked, ask } = await initialized('2025-06-18');
    ask(urlParams);
    expect(asked).toEqual([]);
    expect(sent).toEqual([
      {
        jsonrpc: '2.0',
        id: 'e1',
        error: { code: -32602, message: expect.stringMatching(/asks for url mode, which this client did not declare \(it declared form\)/) },
      },
    ]);
  });

  it('honours capabilities given to initialize: elicitation with form only refuses url mode', async () => {
    const { sent, asked, ask, declared } = await initialized('2025-11-25', { elicitation: { form: {} } });
    expect(declared).toEqual({ elicitation: { form: {} }, ...APPS });
    ask(urlParams);
    expect(asked).toEqual([]);
    expect(sent[0]).toMatchObject({ error: { code: -32602 } });
  });

  it('answers -32602 to a mode that does not exist, and treats a missing mode as form', async () => {
    const { sent, asked, ask } = await initialized('2025-11-25');
    ask({ mode: 'sms', message: 'm' });
    expect(sent[0]).toMatchObject({ error: { code: -32602, message: expect.stringMatching(/mode "sms", which is not an elicitation mode/) } });
    ask({ message: 'm', requestedSchema: { type: 'object', properties: {} } });
    expect(asked).toHaveLength(1);
  });
});
