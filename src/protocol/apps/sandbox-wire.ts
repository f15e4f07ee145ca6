// The words the page, the proxy's app sandbox and the sandbox page share
// beyond the extension's own messages: how the sandbox page's URL carries the
// declared CSP domains and the embedding page, and the sandbox's own
// diagnostic notification (never passed to the app, never to the bridge).
import type { UiCsp } from './contract.js';

/** Where each list of `UiCsp` travels in the sandbox page's query (repeated, one domain each). */
export const SANDBOX_CSP_QUERY_KEYS = {
  connectDomains: 'connect',
  resourceDomains: 'resource',
  frameDomains: 'frame',
  baseUriDomains: 'base',
} as const satisfies Record<keyof UiCsp, string>;

/** The query key naming the page that embeds the sandbox (the only one it talks to). */
export const SANDBOX_PARENT_QUERY_KEY = 'parent';

/** The sandbox page's <meta> listing, as JSON, the declared domains the proxy refused. */
export const SANDBOX_REFUSED_META = 'mcpscope-refused-domains';

/** The sandbox's own notification to the host: `params` is a SandboxDiagnostic. */
export const SANDBOX_DIAGNOSTIC_METHOD = 'notifications/mcpscope/sandbox-diagnostic';

/** The key of what the sandbox's reporter, inside the app's frame, posts to the sandbox page. */
export const SANDBOX_REPORT_KEY = 'mcpscopeSandboxReport';

/** The sandbox page for one app: the proxy computes its CSP header from these domains. */
export function sandboxPageUrl(sandboxUrl: string, csp: UiCsp, parentOrigin: string): string {
  const url = new URL(sandboxUrl);
  url.pathname = '/';
  url.search = '';
  url.searchParams.set(SANDBOX_PARENT_QUERY_KEY, parentOrigin);
  for (const list of Object.keys(SANDBOX_CSP_QUERY_KEYS) as Array<keyof UiCsp>) {
    for (const domain of csp[list]) url.searchParams.append(SANDBOX_CSP_QUERY_KEYS[list], domain);
  }
  return url.href;
}
