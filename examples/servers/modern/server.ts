// The modern demo server: McpServer of the SDK's second major version, which
// speaks 2026-07-28 (server/discover, _meta on every request, multi-round
// tools, cache fields, serverInfo stamped into every result's _meta) and, on
// the same handlers, 2025-era initialize. One factory serves stdio and HTTP.
import { randomBytes } from 'node:crypto';
import { McpServer, createRequestStateCodec, type RequestStateCodec } from '@modelcontextprotocol/server';
import { DISCOVER_CACHE, LIST_CACHE, MODERN_DEMO_NAME } from './catalog.js';
import { registerModernContent } from './content.js';
import { registerModernTools } from './tools.js';
import { registerModernApp } from './app-tools.js';

export const MODERN_DEMO_INSTRUCTIONS =
  'A 2026-07-28 server to try mcpscope with: multi-round tools (confirm_deploy, summarize), a header-mirrored argument (forecast), cached lists and reads.';

/**
 * One key per process: every round of a multi-round call reaches this process
 * (stdio, or this HTTP listener), so a random key is enough to seal requestState.
 */
export function demoStateCodec(): RequestStateCodec<{ service: string }> {
  return createRequestStateCodec<{ service: string }>({ key: randomBytes(32) });
}

export function createModernDemoServer(state: RequestStateCodec<{ service: string }>): McpServer {
  const server = new McpServer(
    { name: MODERN_DEMO_NAME, version: '0.1.0', title: 'mcpscope modern demo' },
    {
      capabilities: { tools: {}, resources: {}, prompts: {} },
      instructions: MODERN_DEMO_INSTRUCTIONS,
      cacheHints: {
        'tools/list': LIST_CACHE,
        'prompts/list': LIST_CACHE,
        'resources/list': LIST_CACHE,
        'resources/templates/list': LIST_CACHE,
        'server/discover': DISCOVER_CACHE,
      },
      // A requestState altered by the client is refused with -32602 before the tool runs.
      requestState: { verify: (wire, ctx) => state.verify(wire, ctx) },
    },
  );
  registerModernTools(server, state);
  registerModernContent(server);
  registerModernApp(server);
  return server;
}
