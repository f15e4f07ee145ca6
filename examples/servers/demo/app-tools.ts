// The demo's MCP App on SDK v1, written by hand with the extension's words (the
// v1 SDK has no helpers for it): show_sum names its ui:// resource in
// `_meta.ui.resourceUri`, tally is for the app alone (`visibility: ["app"]`).
import { SUM_APP_RESOURCE, SUM_APP_TOOL, SUM_APP_UI, TALLY_TOOL, sumAppContents, sumResult, tallyResult } from '../apps/sum-app.js';
import { RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server';
import type { DemoResource } from './resources.js';
import { num, type DemoTool } from './tools.js';

export const appTools: DemoTool[] = [
  {
    ...SUM_APP_TOOL,
    inputSchema: { type: 'object', properties: { a: num('First addend'), b: num('Second addend') }, required: ['a', 'b'] },
    annotations: { readOnlyHint: true },
    _meta: { ui: { resourceUri: SUM_APP_RESOURCE.uri } },
    run: async ({ a, b }) => sumResult(a as number, b as number),
  },
  {
    ...TALLY_TOOL,
    inputSchema: { type: 'object', properties: {} },
    _meta: { ui: { visibility: ['app'] } },
    run: async () => tallyResult(),
  },
];

export const appResource: DemoResource = {
  ...SUM_APP_RESOURCE,
  mimeType: RESOURCE_MIME_TYPE,
  _meta: { ui: SUM_APP_UI },
  read: sumAppContents,
};
