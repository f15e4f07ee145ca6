// The bridge's transport to one sandbox frame. Like ext-apps' PostMessageTransport
// (messages of that one window only), with what a debugger needs first: every
// message both ways as its exact text, before the bridge sees it; the gate's
// checks (JSON-RPC, size, rate); the sandbox's own diagnostics taken out; and
// messages posted to the sandbox's origin, never to '*'.
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { isRecord, SANDBOX_DIAGNOSTIC_METHOD, type BridgeDirection, type SandboxDiagnostic } from '../../../protocol/index.js';
import { createMessageGate, type MessageGate } from './message-gate.js';

export interface FrameTransportHooks {
  onFrame(direction: BridgeDirection, raw: string): void;
  onDiagnostic(diagnostic: SandboxDiagnostic): void;
  /** A message from the app passed the gate (before the bridge takes it). */
  onAppMessage?(method: string | undefined): void;
}

export class FrameTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private floodTimer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;

  constructor(
    private readonly frame: Window,
    private readonly origin: string,
    private readonly hooks: FrameTransportHooks,
    private readonly gate: MessageGate = createMessageGate(),
  ) {}

  private readonly listener = (event: MessageEvent<unknown>): void => {
    if (this.closed || event.source !== this.frame || event.origin !== this.origin) return;
    const admitted = this.gate.admit(event.data);
    if (!admitted.ok) {
      if (admitted.diagnostic !== undefined) this.hooks.onDiagnostic(admitted.diagnostic);
      else this.floodTimer ??= setTimeout(() => this.reportFlood(), 1000);
      return;
    }
    const { message, raw } = admitted;
    const method = 'method' in message ? message.method : undefined;
    if (method === SANDBOX_DIAGNOSTIC_METHOD) {
      const params = 'params' in message ? message.params : undefined;
      if (isRecord(params) && typeof params.kind === 'string') this.hooks.onDiagnostic(params as unknown as SandboxDiagnostic);
      return;
    }
    this.hooks.onFrame('app-to-host', raw);
    this.hooks.onAppMessage?.(method);
    this.onmessage?.(message as JSONRPCMessage);
  };

  private reportFlood(): void {
    this.floodTimer = undefined;
    const dropped = this.gate.takeDropped();
    if (dropped > 0 && !this.closed) this.hooks.onDiagnostic({ kind: 'flood', dropped });
  }

  start(): Promise<void> {
    window.addEventListener('message', this.listener);
    return Promise.resolve();
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.hooks.onFrame('host-to-app', JSON.stringify(message));
    this.frame.postMessage(message, this.origin);
    return Promise.resolve();
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.closed = true;
    window.removeEventListener('message', this.listener);
    if (this.floodTimer !== undefined) clearTimeout(this.floodTimer);
    this.onclose?.();
    return Promise.resolve();
  }
}
