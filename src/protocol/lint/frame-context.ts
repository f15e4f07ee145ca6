// The context the engine builds for one frame (a batch's item is a frame of its
// own): it carries the frame's era, so nothing about the era outlives the frame.

import type { SingleFrame } from '../jsonrpc/codec.js';
import type { RequestId } from '../ledger/request-id.js';
import type { LintConnection } from './connection.js';
import type { Sender } from './methods.js';
import type { Report } from './report.js';
import type { Answer, Era, FrameContext, HookKind } from './rule-set.js';
import type { Outstanding } from './state.js';

export class Context implements FrameContext {
  era: Era = 'legacy';
  kind: HookKind = 'request';
  method = '';
  params: unknown = undefined;
  request?: Outstanding;
  id?: RequestId;
  answer?: Answer;
  report: Report = () => undefined;
  /** The 2026-07-28-generation version the frame belongs to; undefined for the initialize generation. */
  private modernVersion: string | undefined;

  constructor(
    readonly sender: Sender,
    readonly connection: LintConnection,
    readonly at: number,
    modernVersion: string | undefined,
  ) {
    this.setEra(modernVersion);
  }

  /** Until a frame's own era is known, it is the connection's. */
  setEra(modernVersion: string | undefined): void {
    this.modernVersion = modernVersion;
    this.era = modernVersion === undefined ? 'legacy' : 'modern';
  }

  /** What the frame is; an answer's method and params are its request's. */
  read(kind: HookKind, method: string, params: unknown): void {
    this.kind = kind;
    this.method = method;
    this.params = params;
  }

  get version(): string {
    return this.modernVersion ?? this.connection.facts.version;
  }
}

/** Which frame a check failed on, for a LINT-INTERNAL finding. */
export function describeFrame(sender: Sender, frame: SingleFrame): string {
  switch (frame.kind) {
    case 'request':
      return `the ${sender}'s request ${JSON.stringify(frame.message.method)} (id ${JSON.stringify(frame.message.id)})`;
    case 'notification':
      return `the ${sender}'s notification ${JSON.stringify(frame.message.method)}`;
    case 'response':
    case 'error':
      return `the ${sender}'s ${frame.kind === 'error' ? 'error response' : 'response'} to id ${JSON.stringify(frame.message.id)}`;
    case 'invalid':
      return `an invalid frame from the ${sender}`;
  }
}
