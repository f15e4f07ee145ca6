// The demos' MCP App, shared by the 2025-era and the modern demo: `show_sum`
// adds two numbers and names a `ui://` resource, the sum app (sum-app-html.ts),
// which the host renders with the result; `tally` is a tool only the app may call.
import { RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server';
import { sumAppHtml } from './sum-app-html.js';

export const SUM_APP_URI = 'ui://mcpscope-demo/sum-app.html';

export const SUM_APP_TOOL = {
  name: 'show_sum',
  title: 'Sum, as an app',
  description: 'Adds two numbers and shows the sum in an interactive app (MCP Apps): its buttons call add and tally, send a message and ask for fullscreen.',
} as const;
export const TALLY_TOOL = {
  name: 'tally',
  title: 'Tally',
  description: "Counts the sum app's Tally clicks. Only the app may call it (visibility: app).",
} as const;
export const SUM_APP_RESOURCE = { uri: SUM_APP_URI, name: 'sum_app', title: 'Sum app', description: 'The HTML of the show_sum tool’s app.' };

/**
 * What the app declares of its resource (`_meta.ui`): one origin it may connect
 * to, which it never does (so a host's CSP shows a declared domain), and a border.
 */
export const SUM_APP_UI = {
  csp: { connectDomains: ['https://api.example.com'], resourceDomains: [] as string[] },
  prefersBorder: true,
};

export function sumResult(a: number, b: number) {
  const sum = a + b;
  return { content: [{ type: 'text' as const, text: `${a} + ${b} = ${sum}` }], structuredContent: { a, b, sum } };
}

let tallied = 0;
/** The count is the process's: every app of this server adds to the same one. */
export function tallyResult() {
  tallied += 1;
  return { content: [{ type: 'text' as const, text: `tally: ${tallied}` }], structuredContent: { count: tallied } };
}

/** The resources/read contents of the app: its HTML, with `_meta.ui` as the spec puts it on the content. */
export function sumAppContents() {
  return [{ uri: SUM_APP_URI, mimeType: RESOURCE_MIME_TYPE, text: sumAppHtml(), _meta: { ui: SUM_APP_UI } }];
}
