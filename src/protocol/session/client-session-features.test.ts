// The feature switches of a session: what initialize declares, which server
// requests get an answer, and notifications/roots/list_changed.
import { describe, expect, it } from 'vitest';
import { ClientSession } from './client-session.js';
import { DEFAULT_CLIENT_FEATURES, type ClientFeatures } from './client-capabilities.js';

/** What every session declares by default besides its handlers' capabilities: MCP Apps. */
const APPS = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };
import { announceRootsListChanged } from './roots-changed.js';

const handlers = {
  'roots/list': () => ({ result: { roots: [{ uri: 'file:///work' }] } }),
  'sampling/createMessage': () => ({ result: { role: 'assistant', content: { type: 'text', text: 'hi' }, model: 'm' } }),
  'elicitation/create': () => ({ result: { action: 'decline' } }),
};

function setup(features?: Partial<ClientFeatures>) {
  const sent: Array<Record<string, unknown>> = [];
  const session = new ClientSession({
    send: (raw) => sent.push(JSON.parse(raw)),
    handlers,
    ...(features ? { features: { ...DEFAULT_CLIENT_FEATURES, ...features } } : {}),
  });
  return { session, sent };
}

async function ready(features?: Partial<ClientFeatures>) {
  const t = setup(features);
  const init = t.session.initialize('2025-11-25');
  t.session.receive(
    JSON.stringify({ jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } } }),
  );
  await init;
  t.sent.length = 0;
  return t;
}

describe('feature switches', () => {
  it('declares each switched-on feature that has a handler', () => {
    const { session, sent } = setup();
    void session.initialize('2025-11-25');
    expect((sent[0]!.params as Record<string, unknown>).capabilities).toEqual({
      roots: { listChanged: true },
      sampling: { tools: {} },
      elicitation: { form: {}, url: {} },
      ...APPS,
    });
    expect(session.declaredCapabilities).toEqual({ roots: { listChanged: true }, sampling: { tools: {} }, elicitation: { form: {}, url: {} }, ...APPS });
  });

  it('a switched-off feature is not declared, and its requests get -32601', async () => {
    const { session, sent } = await ready({ sampling: false, roots: false });
    expect(session.declaredCapabilities).toEqual({ elicitation: { form: {}, url: {} }, ...APPS });
    session.receive(JSON.stringify({ jsonrpc: '2.0', id: 'r1', method: 'roots/list' }));
    session.receive(JSON.stringify({ jsonrpc: '2.0', id: 's1', method: 'sampling/createMessage', params: { messages: [], maxTokens: 5 } }));
    expect(sent).toEqual([
      { jsonrpc: '2.0', id: 'r1', error: { code: -32601, message: "Method not found: roots/list (switched off in mcpscope's client capabilities)" } },
      {
        jsonrpc: '2.0',
        id: 's1',
        error: { code: -32601, message: "Method not found: sampling/createMessage (switched off in mcpscope's client capabilities)" },
      },
    ]);
  });

  it('keeps out a handler added later for a switched-off feature', async () => {
    const { session, sent } = await ready({ roots: false });
    session.setRequestHandler('roots/list', () => ({ result: { roots: [] } }));
    session.receive(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'roots/list' }));
    expect(sent[0]).toMatchObject({ id: 2, error: { code: -32601 } });
  });

  it('answers roots/list from its handler when roots are on', async () => {
    const { session, sent } = await ready();
    session.receive(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'roots/list' }));
    expect(sent).toEqual([{ jsonrpc: '2.0', id: 3, result: { roots: [{ uri: 'file:///work' }] } }]);
  });
});

describe('announceRootsListChanged', () => {
  it('sends the notification once the session is ready and declared roots.listChanged', async () => {
    const { session, sent } = await ready();
    expect(announceRootsListChanged(session)).toBe(true);
    expect(sent).toEqual([{ jsonrpc: '2.0', method: 'notifications/roots/list_changed' }]);
  });

  it('stays silent without the capability, before the handshake, and after the close', async () => {
    const off = await ready({ roots: false });
    expect(announceRootsListChanged(off.session)).toBe(false);
    expect(off.sent).toEqual([]);

    const early = setup();
    void early.session.initialize('2025-11-25');
    expect(announceRootsListChanged(early.session)).toBe(false);
    expect(early.sent.map((f) => f.method)).toEqual(['initialize']);

    const closed = await ready();
    closed.session.close('bye');
    expect(announceRootsListChanged(closed.session)).toBe(false);
    expect(closed.sent).toEqual([]);
  });

  it('stays silent on a session that skipped initialize (nothing was declared)', () => {
    const { session, sent } = setup();
    session.markReadyWithoutInitialize();
    expect(announceRootsListChanged(session)).toBe(false);
    expect(sent).toEqual([]);
  });
});
