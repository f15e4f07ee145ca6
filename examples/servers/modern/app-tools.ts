// The modern demo's MCP App, registered with ext-apps' server helpers (they
// write `_meta.ui` and the resource's MIME type): the same sum app as the
// 2025-era demo's, under 2026-07-28.
import { registerAppResource, registerAppTool } from '@modelcontextprotocol/ext-apps/server';
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { SUM_APP_RESOURCE, SUM_APP_TOOL, SUM_APP_UI, TALLY_TOOL, sumAppContents, sumResult, tallyResult } from '../apps/sum-app.js';

export function registerModernApp(server: McpServer): void {
  const { name, ...sumTool } = SUM_APP_TOOL;
  registerAppTool(
    server,
    name,
    {
      ...sumTool,
      inputSchema: z.object({ a: z.number().describe('First addend'), b: z.number().describe('Second addend') }),
      outputSchema: z.object({ a: z.number(), b: z.number(), sum: z.number() }),
      annotations: { readOnlyHint: true },
      _meta: { ui: { resourceUri: SUM_APP_RESOURCE.uri } },
    },
    ({ a, b }) => sumResult(a, b),
  );
  const { name: tally, ...tallyTool } = TALLY_TOOL;
  registerAppTool(server, tally, { ...tallyTool, _meta: { ui: { visibility: ['app'] } } }, () => tallyResult());
  const { name: resourceName, uri, ...resource } = SUM_APP_RESOURCE;
  registerAppResource(server, resourceName, uri, { ...resource, _meta: { ui: SUM_APP_UI } }, () => ({ contents: sumAppContents() }));
}
