// The sandbox page: an empty document that loads the sandbox script (built
// with the UI as dist/ui/sandbox.js), which runs the app in an inner frame.
// Domains the proxy refused travel in a <meta>, so the script can tell the host.
import { SANDBOX_REFUSED_META } from '../../src/protocol/wire.js';
import type { RefusedDomain } from './csp.js';

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function sandboxPage(refused: readonly RefusedDomain[]): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>mcpscope app sandbox</title>
<meta name="${SANDBOX_REFUSED_META}" content="${escapeAttribute(JSON.stringify(refused))}">
<style>html,body{margin:0;height:100%;overflow:hidden;background:transparent}iframe{border:0;width:100%;height:100%;display:block}</style>
<script type="module" src="/sandbox.js"></script>
</head><body></body></html>
`;
}
