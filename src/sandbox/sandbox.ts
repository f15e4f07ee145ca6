// The sandbox page's script (the extension's "sandbox proxy"), on the proxy's
// second origin. It tells the host it is ready, takes the app's HTML and
// granted permissions, and runs the app in an inner frame of an opaque origin:
// the app can read neither the page nor this frame. The proxy's CSP header on
// this page is inherited by the app's srcdoc frame, so the app's own HTML
// cannot loosen it. Messages pass both ways, only between the page that
// embeds this one and the inner frame; what the sandbox itself sees (CSP
// violations, uncaught errors, the time to ui/initialize, a flood it cut to the
// rate the host takes) it reports as its own notification.
import {
  createFloodWatch,
  isRecord,
  SANDBOX_DIAGNOSTIC_METHOD,
  SANDBOX_PARENT_QUERY_KEY,
  SANDBOX_REFUSED_META,
  SANDBOX_REPORT_KEY,
  type SandboxDiagnostic,
  type UiPermissions,
} from '../protocol/index.js';
import { appDocument, reportFromApp } from './app-document.js';

const PROXY_READY = 'ui/notifications/sandbox-proxy-ready';
const RESOURCE_READY = 'ui/notifications/sandbox-resource-ready';
// The spec's inner frame runs scripts and forms; without allow-same-origin its origin is opaque.
const INNER_SANDBOX = 'allow-scripts allow-forms';
// Permissions policy features, as the extension names them.
const FEATURES: Record<keyof UiPermissions, string> = {
  camera: 'camera',
  microphone: 'microphone',
  geolocation: 'geolocation',
  clipboardWrite: 'clipboard-write',
};

// The proxy served this page only with a parent that is one of mcpscope's page origins.
const parentOrigin = new URLSearchParams(location.search).get(SANDBOX_PARENT_QUERY_KEY) ?? '';
let inner: HTMLIFrameElement | undefined;
let loadedAt = 0;
let initializeSeen = false;
// Enforced here, in the sandbox, not only in the page: a flood costs the page one report a second, not a task per message.
const flood = createFloodWatch(() => performance.now());
let floodTimer: ReturnType<typeof setTimeout> | undefined;

function toHost(message: unknown): void {
  window.parent.postMessage(message, parentOrigin);
}

function report(diagnostic: SandboxDiagnostic): void {
  toHost({ jsonrpc: '2.0', method: SANDBOX_DIAGNOSTIC_METHOD, params: diagnostic });
}

function allowOf(permissions: unknown): string {
  if (!isRecord(permissions)) return '';
  return (Object.keys(FEATURES) as Array<keyof UiPermissions>)
    .filter((name) => isRecord(permissions[name]) || permissions[name] === true)
    .map((name) => FEATURES[name])
    .join('; ');
}

function load(params: unknown): void {
  if (inner !== undefined) return; // one app per sandbox page
  const html = isRecord(params) && typeof params.html === 'string' ? params.html : undefined;
  if (html === undefined) {
    report({ kind: 'app-error', message: 'The host sent no HTML to run (sandbox-resource-ready without "html").' });
    return;
  }
  inner = document.createElement('iframe');
  inner.setAttribute('sandbox', INNER_SANDBOX);
  const allow = allowOf(isRecord(params) ? params.permissions : undefined);
  if (allow !== '') inner.setAttribute('allow', allow);
  inner.title = 'App';
  inner.srcdoc = appDocument(html);
  loadedAt = performance.now();
  document.body.append(inner);
}

function fromHost(data: unknown): void {
  if (isRecord(data) && data.method === RESOURCE_READY) load(data.params);
  else inner?.contentWindow?.postMessage(data, '*'); // the inner frame's origin is opaque: '*' is the only name it has
}

function reportFlood(): void {
  floodTimer = undefined;
  const due = flood.report();
  if (due !== undefined) report(due);
  scheduleFloodReport();
}

function scheduleFloodReport(): void {
  const at = flood.nextReportAt();
  if (at === undefined) return;
  // A flood's message tasks can keep a timer waiting: a report that is due goes with the message that finds it due.
  if (performance.now() >= at) {
    if (floodTimer !== undefined) clearTimeout(floodTimer);
    reportFlood();
  } else floodTimer ??= setTimeout(reportFlood, at - performance.now());
}

function fromApp(data: unknown): void {
  if (!flood.admit()) {
    scheduleFloodReport();
    return;
  }
  if (isRecord(data) && SANDBOX_REPORT_KEY in data) {
    const diagnostic = reportFromApp(data[SANDBOX_REPORT_KEY]);
    if (diagnostic !== undefined) report(diagnostic);
    return;
  }
  const method = isRecord(data) && typeof data.method === 'string' ? data.method : undefined;
  if (method !== undefined && (method.startsWith('ui/notifications/sandbox-') || method === SANDBOX_DIAGNOSTIC_METHOD)) {
    report({ kind: 'bad-message', reason: `The app sent ${method}, which only the sandbox sends: dropped.`, size: 0 });
    return;
  }
  toHost(data);
  if (method === 'ui/initialize' && !initializeSeen) {
    initializeSeen = true;
    report({ kind: 'initialize-time', ms: Math.round(performance.now() - loadedAt) });
  }
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  if (event.source === window.parent && event.origin === parentOrigin) fromHost(event.data);
  else if (inner !== undefined && event.source === inner.contentWindow) fromApp(event.data);
  // Anything else (another frame, another origin) is not ours to pass on.
});

function reportRefused(): void {
  const meta = document.querySelector(`meta[name="${SANDBOX_REFUSED_META}"]`)?.getAttribute('content') ?? '[]';
  const refused: unknown = JSON.parse(meta);
  if (!Array.isArray(refused)) return;
  for (const entry of refused) {
    if (isRecord(entry) && typeof entry.domain === 'string' && typeof entry.list === 'string' && typeof entry.reason === 'string') {
      report({ kind: 'csp-domain-refused', list: entry.list, domain: entry.domain, reason: entry.reason });
    }
  }
}

reportRefused();
toHost({ jsonrpc: '2.0', method: PROXY_READY, params: {} });
