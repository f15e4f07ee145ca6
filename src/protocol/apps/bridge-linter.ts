// The host⇄app bridge linter: each postMessage between the page and an app, in
// the order they crossed, judged against the extension — JSON-RPC at all, the
// ui/initialize handshake first, the extension's methods from the side that may
// send them, the published schema, the tools an app may call, answers that
// answer something, and a size a host takes — plus what the sandbox saw (CSP
// refusals, floods, no initialize, uncaught errors). Pure: one linter per app
// shown, findings in the lint engine's shape, so Problems shows them as any.
// A finding about the app (server-supplied code) has subject "server"; about
// the host (mcpscope's own side) "client".

import type { BridgeDirection, SandboxDiagnostic } from './contract.js';
import { UI_METHODS, isSandboxMethod } from './bridge-methods.js';
import { SANDBOX_MESSAGES_PER_SECOND } from './flood-watch.js';
import { messageSchemaProblems, resultSchemaProblems } from './bridge-schema.js';
import { toolVisibility } from './tool-ui.js';
import { APP_RULES, type AppRuleId } from './rules.js';
import { classifyFrame, type JsonRpcId } from '../jsonrpc/codec.js';
import { isRecord } from '../json/guards.js';
import type { Finding } from '../lint/state.js';
import { specUrl } from '../lint/rules.js';
import type { Sender } from '../lint/methods.js';
import { plural } from '../text/plural.js';

/** Larger messages are named and not parsed: a host takes a few megabytes at most. */
export const DEFAULT_MAX_BRIDGE_MESSAGE_BYTES = 4 * 1024 * 1024;

export interface BridgeLinterOptions {
  /** The server's tools (tools/list), for the visibility of those the app calls. */
  tools: readonly unknown[];
  maxMessageBytes?: number;
}

export interface BridgeLinter {
  /** The findings of one message, `raw` as it crossed; `seq` is kept on them (the Log's number of the frame). */
  message(direction: BridgeDirection, raw: string, seq?: number): Finding[];
  /** The finding of what the sandbox reported. */
  diagnostic(diagnostic: SandboxDiagnostic, seq?: number): Finding[];
}

type Phase = 'new' | 'initializing' | 'answered' | 'initialized';

const CSP_LIST_OF_DIRECTIVE: ReadonlyArray<[RegExp, string]> = [
  [/^connect-src/, 'connectDomains'],
  [/^(script|style|img|font|media)-src/, 'resourceDomains'],
  [/^(frame|child)-src/, 'frameDomains'],
  [/^base-uri/, 'baseUriDomains'],
];

function subjectOf(direction: BridgeDirection): Sender {
  return direction === 'app-to-host' ? 'server' : 'client';
}

function sideName(direction: BridgeDirection): string {
  return direction === 'app-to-host' ? 'the app' : 'the host';
}

/** UTF-8 bytes of `text` without encoding it: what postMessage's peer would count. */
function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

export function createBridgeLinter(options: BridgeLinterOptions): BridgeLinter {
  const max = options.maxMessageBytes ?? DEFAULT_MAX_BRIDGE_MESSAGE_BYTES;
  const visibility = new Map<string, readonly string[]>();
  for (const tool of options.tools) {
    if (isRecord(tool) && typeof tool.name === 'string') visibility.set(tool.name, toolVisibility(tool));
  }
  let phase: Phase = 'new';
  let initializeId: JsonRpcId | undefined;
  // The requests each side sent that await an answer from the other: id → method.
  const pending: Record<BridgeDirection, Map<JsonRpcId, string>> = { 'app-to-host': new Map(), 'host-to-app': new Map() };

  const finding = (rule: AppRuleId, message: string, subject: Sender, seq?: number): Finding => ({
    rule,
    severity: APP_RULES[rule].severity,
    message,
    specUrl: specUrl(rule, ''),
    subject,
    ...(seq !== undefined ? { seq } : {}),
  });

  function beforeInitialize(direction: BridgeDirection, method: string): string | undefined {
    if (isSandboxMethod(method)) return undefined;
    if (direction === 'app-to-host') {
      if (method === 'ui/initialize' || phase === 'answered' || phase === 'initialized') return undefined;
      return phase === 'new'
        ? `The app sent ${method} before ui/initialize; an app starts with ui/initialize and waits for the host's answer.`
        : `The app sent ${method} before the host answered ui/initialize; an app waits for that answer.`;
    }
    if (phase === 'initialized') return undefined;
    return `The host sent ${method} before the app's ui/notifications/initialized; a host sends nothing to an app before it.`;
  }

  function judgeMethod(direction: BridgeDirection, kind: 'request' | 'notification', method: string, params: unknown, out: Array<[AppRuleId, string]>): void {
    const early = beforeInitialize(direction, method);
    if (early) out.push(['APP-BRIDGE-INIT', early]);
    if (method.startsWith('ui/')) {
      const known = UI_METHODS.get(method);
      if (known === undefined) {
        out.push(['APP-BRIDGE-METHOD', `${sideName(direction)} sent ${method}, which is not a method of the extension; the other side cannot answer it.`]);
        return;
      }
      if (known.from !== direction || known.kind !== kind) {
        out.push(['APP-BRIDGE-METHOD', `${sideName(direction)} sent ${method} as a ${kind}; it is a ${known.kind} that ${sideName(known.from)} sends.`]);
        return;
      }
      const wrong = messageSchemaProblems(method, params);
      if (wrong.length)
        out.push([
          'APP-BRIDGE-SCHEMA',
          `${method} does not match the extension's schema: ${wrong.slice(0, 3).join('; ')}${wrong.length > 3 ? ` (and ${wrong.length - 3} more)` : ''}.`,
        ]);
    }
    if (direction === 'app-to-host' && method === 'tools/call' && isRecord(params) && typeof params.name === 'string') {
      const seen = visibility.get(params.name);
      if (seen !== undefined && !seen.includes('app')) {
        out.push([
          'APP-BRIDGE-VISIBILITY',
          `The app called tool ${params.name}, whose _meta.ui.visibility (${seen.join(', ') || 'none'}) excludes "app"; a host refuses that call.`,
        ]);
      }
    }
  }

  function message(direction: BridgeDirection, raw: string, seq?: number): Finding[] {
    const subject = subjectOf(direction);
    const found: Array<[AppRuleId, string]> = [];
    const out = () => found.map(([rule, text]) => finding(rule, text, subject, seq));
    const bytes = raw.length > max / 4 ? utf8Length(raw) : raw.length;
    if (bytes > max) {
      found.push([
        'APP-BRIDGE-SIZE',
        `${sideName(direction)} sent a message of ${plural(bytes, 'byte')}, over the ${plural(max, 'byte')} a host takes; it is not read further.`,
      ]);
      return out();
    }
    const frame = classifyFrame(raw);
    if (frame.kind === 'invalid' || frame.kind === 'batch') {
      const why = frame.kind === 'batch' ? 'a JSON-RPC batch, which the bridge does not carry' : frame.reason;
      found.push(['APP-BRIDGE-JSONRPC', `${sideName(direction)} sent a message that is not a JSON-RPC message (${why}); the other side drops it.`]);
      return out();
    }
    const other: BridgeDirection = direction === 'app-to-host' ? 'host-to-app' : 'app-to-host';
    if (frame.kind === 'request' || frame.kind === 'notification') {
      const { method, params } = frame.message;
      judgeMethod(direction, frame.kind, method, params, found);
      if (frame.kind === 'request') {
        pending[direction].set(frame.message.id, method);
        if (method === 'ui/initialize' && phase === 'new') {
          phase = 'initializing';
          initializeId = frame.message.id;
        }
      } else if (method === 'ui/notifications/initialized' && phase === 'answered') phase = 'initialized';
      return out();
    }
    // An answer: to a request of the other side.
    const id = frame.message.id;
    const method = id === null || id === undefined ? undefined : pending[other].get(id);
    if (id === null || id === undefined || method === undefined) {
      found.push([
        'APP-BRIDGE-ORPHAN',
        `${sideName(direction)} sent an answer (id ${JSON.stringify(id)}) to no request of ${sideName(other)} that awaits one.`,
      ]);
      return out();
    }
    pending[other].delete(id);
    if (method === 'ui/initialize' && id === initializeId && phase === 'initializing') phase = frame.kind === 'response' ? 'answered' : 'new';
    if (frame.kind === 'response' && method.startsWith('ui/')) {
      const wrong = resultSchemaProblems(method, frame.message.result);
      if (wrong.length) found.push(['APP-BRIDGE-SCHEMA', `The result of ${method} does not match the extension's schema: ${wrong.slice(0, 3).join('; ')}.`]);
    }
    return out();
  }

  function diagnostic(d: SandboxDiagnostic, seq?: number): Finding[] {
    const one = (rule: AppRuleId, text: string) => [finding(rule, text, 'server', seq)];
    switch (d.kind) {
      case 'csp-violation': {
        const list = CSP_LIST_OF_DIRECTIVE.find(([re]) => re.test(d.directive))?.[1];
        return one(
          'APP-CSP-BLOCKED',
          `The app's CSP stopped ${d.blockedUri || 'a load'} (${d.directive}): the resource does not declare it${list ? `; if the app needs it, add its origin to _meta.ui.csp.${list}` : ''}.`,
        );
      }
      case 'bad-message':
        return d.size > max
          ? one('APP-BRIDGE-SIZE', `The app sent a message of ${plural(d.size, 'byte')}, over the ${plural(max, 'byte')} a host takes; the sandbox dropped it.`)
          : one('APP-BRIDGE-JSONRPC', `The app sent a message that is not a JSON-RPC message (${d.reason}); the sandbox dropped it.`);
      case 'flood':
        // The sandbox reports a flood as it goes: one finding, when it starts.
        if (d.phase === 'going' || d.phase === 'over') return [];
        return one(
          'APP-BRIDGE-FLOOD',
          d.sent !== undefined && d.ms !== undefined
            ? `The app sent ${plural(d.sent, 'message')} in ${d.ms} ms, more than a host takes; the sandbox passes on ${SANDBOX_MESSAGES_PER_SECOND} a second and drops the rest.`
            : `The app sent more messages than the host takes; ${plural(d.dropped, 'message')} dropped.`,
        );
      case 'init-timeout':
        return one('APP-INIT-TIMEOUT', `The app did not send ui/initialize within ${d.ms} ms of being loaded; it is not running as an MCP app.`);
      case 'app-error':
        return one('APP-ERROR', `The app threw and did not catch it: ${d.message}`);
      // A measurement, and a refusal the resource reader already reports: no finding of their own here.
      case 'initialize-time':
      case 'csp-domain-refused':
        return [];
    }
  }

  return { message, diagnostic };
}
