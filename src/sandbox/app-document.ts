// The app's document as the inner frame gets it: its HTML with a small
// reporter in front, which tells the sandbox page of CSP violations and
// uncaught errors (the inner frame's origin is opaque: the page cannot listen
// there itself). The app could post such reports too; they are read as data,
// checked and cut to size, never trusted beyond that.
import { SANDBOX_REPORT_KEY, type SandboxDiagnostic } from '../protocol/index.js';

const MAX_TEXT = 1000;

/** Runs first in the app's frame; `key` is SANDBOX_REPORT_KEY. Stringified: it must use nothing from outside. */
function reporter(key: string): void {
  const send = (report: object): void => {
    try {
      window.parent.postMessage({ [key]: report }, '*');
    } catch {
      // the sandbox page is gone
    }
  };
  window.addEventListener('securitypolicyviolation', (e) => {
    send({ kind: 'csp-violation', directive: e.effectiveDirective || e.violatedDirective, blockedUri: e.blockedURI, sample: e.sample });
  });
  window.addEventListener('error', (e) => {
    if (e instanceof ErrorEvent) send({ kind: 'app-error', message: String(e.message || e.error) });
  });
  window.addEventListener('unhandledrejection', (e) => {
    const reason: unknown = e.reason;
    send({ kind: 'app-error', message: `Unhandled promise rejection: ${reason instanceof Error ? reason.message : String(reason)}` });
  });
}

/** The app's HTML with the reporter first (after a doctype, so the document stays in standards mode). */
export function appDocument(html: string): string {
  const script = `<script>(${reporter.toString()})(${JSON.stringify(SANDBOX_REPORT_KEY)});</script>`;
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  return doctype === null ? `${script}${html}` : `${doctype[0]}${script}${html.slice(doctype[0].length)}`;
}

function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
}

/** A report from the app's frame as a diagnostic, or undefined when it is not one the reporter sends. */
export function reportFromApp(value: unknown): SandboxDiagnostic | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const report = value as Record<string, unknown>;
  if (report.kind === 'csp-violation') {
    const directive = text(report.directive);
    const blockedUri = text(report.blockedUri);
    if (directive === undefined || blockedUri === undefined) return undefined;
    const sample = text(report.sample);
    return { kind: 'csp-violation', directive, blockedUri, ...(sample !== undefined && sample !== '' ? { sample } : {}) };
  }
  if (report.kind === 'app-error') {
    const message = text(report.message);
    return message === undefined ? undefined : { kind: 'app-error', message };
  }
  return undefined;
}
