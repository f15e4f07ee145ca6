// One OAuth flow as the guided view shows it: the AuthFlowView kept up to date
// step by step, a snapshot sent on every change, and the guided-mode pause
// before each step (Next step / Run all / Cancel).
import {
  AUTH_STEP_IDS,
  SecretValues,
  type AuthExchangeView,
  type AuthFlowAction,
  type AuthFlowMode,
  type AuthFlowReason,
  type AuthFlowView,
  type AuthStepId,
  type AuthStepView,
} from '../../src/protocol/wire.js';

const STEP_TITLES: Record<AuthStepId, string> = {
  challenge: 'Challenge',
  'resource-metadata': 'Protected resource metadata',
  'authorization-server-metadata': 'Authorization server metadata',
  registration: 'Client registration',
  authorization: 'Authorization',
  callback: 'Callback',
  token: 'Token',
  retry: 'Retry',
};

/** Thrown (and caught by the flow) when the person cancels or the connection closes. */
export class FlowCancelled extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FlowCancelled';
  }
}

/** Thrown by a step that failed; the step and the flow already say why. */
export class StepFailed extends Error {
  constructor(
    readonly step: AuthStepId,
    message: string,
  ) {
    super(message);
    this.name = 'StepFailed';
  }
}

/**
 * The authorization server answered invalid_client at the callback or token step: it does not know the client
 * (restarted, it forgot its registrations). Not yet a failure: the registration step decides (withKnownClient).
 */
export class ClientRejected extends Error {
  constructor(
    readonly step: 'callback' | 'token',
    message: string,
  ) {
    super(message);
    this.name = 'ClientRejected';
  }
}

export interface FlowRecordOptions {
  flowId: string;
  serverUrl: string;
  mode: AuthFlowMode;
  reason: AuthFlowReason;
  attempt: number;
  /** The limit of `attempt` (first authorization + step-ups), shown as "Attempt N of M". */
  maxAttempts: number;
  emit: (view: AuthFlowView) => void;
}

export class FlowRecord {
  private readonly view: AuthFlowView;
  private readonly emitView: (view: AuthFlowView) => void;
  private runAll: boolean;
  private gate: { resolve(): void; reject(error: Error): void } | undefined;
  /** Aborted when the person cancels or the connection closes: pending waits stop. */
  readonly abort = new AbortController();
  /** Every secret this flow sent or received: masked by value in whatever the record hands out. */
  readonly secrets = new SecretValues();

  constructor(options: FlowRecordOptions) {
    this.emitView = options.emit;
    this.runAll = options.mode === 'quick';
    this.view = {
      flowId: options.flowId,
      serverUrl: options.serverUrl,
      mode: options.mode,
      reason: options.reason,
      state: 'running',
      attempt: options.attempt,
      maxAttempts: options.maxAttempts,
      steps: AUTH_STEP_IDS.map((id, i) => ({ id, number: i + 1, title: STEP_TITLES[id], state: 'pending', learnt: [], exchanges: [], findings: [] })),
    };
  }

  get flowId(): string {
    return this.view.flowId;
  }

  get finished(): boolean {
    return this.view.state === 'authorized' || this.view.state === 'failed' || this.view.state === 'cancelled';
  }

  /** A deep copy, the flow's secrets masked by value: what was sent never changes under the receiver. */
  snapshot(): AuthFlowView {
    return this.secrets.maskAll(this.view);
  }

  emit(): void {
    this.emitView(this.snapshot());
  }

  step(id: AuthStepId): AuthStepView {
    return this.view.steps.find((s) => s.id === id)!;
  }

  /** "step 2 (Protected resource metadata)", for messages that name the step. */
  name(id: AuthStepId): string {
    const s = this.step(id);
    return `step ${s.number} (${s.title})`;
  }

  setFlow(patch: Partial<Pick<AuthFlowView, 'authorizationUrl' | 'issuer' | 'scope' | 'message'>>): void {
    Object.assign(this.view, patch);
    this.emit();
  }

  /** Guided mode: mark the step ready and wait for Next step (or Run all); quick mode goes straight on. */
  async ready(id: AuthStepId): Promise<void> {
    this.throwIfCancelled();
    if (!this.runAll) {
      this.step(id).state = 'ready';
      this.view.state = 'paused';
      this.view.message = `Paused before ${this.name(id)}: choose Next step to run it, or Run all.`;
      this.emit();
      await new Promise<void>((resolve, reject) => {
        this.gate = { resolve, reject };
      });
      this.gate = undefined;
    }
    this.start(id);
  }

  private start(id: AuthStepId): void {
    this.step(id).state = 'running';
    this.view.state = 'running';
    delete this.view.message;
    this.emit();
  }

  learn(id: AuthStepId, label: string, value: string): void {
    const learnt = this.step(id).learnt;
    const at = learnt.findIndex(([l]) => l === label);
    if (at >= 0) learnt[at] = [label, value];
    else learnt.push([label, value]);
  }

  addExchange(id: AuthStepId, exchange: AuthExchangeView): void {
    this.step(id).exchanges.push(exchange);
  }

  /** Waiting for the person in the authorization tab. */
  waiting(id: AuthStepId, summary: string): void {
    const s = this.step(id);
    s.state = 'waiting';
    s.summary = summary;
    this.view.state = 'waiting-for-user';
    this.view.message = summary;
    this.emit();
  }

  done(id: AuthStepId, summary: string): void {
    Object.assign(this.step(id), { state: 'done', summary });
    this.emit();
  }

  skip(id: AuthStepId, summary: string): void {
    Object.assign(this.step(id), { state: 'skipped', summary });
    this.emit();
  }

  /** The step failed: it and the flow say why; the StepFailed returned is for the caller to throw. */
  fail(id: AuthStepId, error: string): StepFailed {
    // The error is often the server's own words, which may quote what the flow sent.
    const message = this.secrets.mask(`OAuth ${this.name(id)} failed: ${error}`);
    Object.assign(this.step(id), { state: 'failed', error: message });
    this.view.state = 'failed';
    this.view.message = message;
    this.emit();
    return new StepFailed(id, message);
  }

  /** The flow ended well (the retry step is the caller's to mark). */
  authorized(message: string): void {
    this.view.state = 'authorized';
    this.view.message = message;
    this.emit();
  }

  cancelled(message: string): void {
    for (const s of this.view.steps) if (s.state === 'running' || s.state === 'ready' || s.state === 'waiting') s.state = 'pending';
    this.view.state = 'cancelled';
    this.view.message = message;
    this.emit();
  }

  /** Guided controls; a finished flow ignores them. */
  control(action: AuthFlowAction): void {
    if (this.finished) return;
    if (action === 'cancel') {
      this.abort.abort(new FlowCancelled('cancelled by you'));
      this.gate?.reject(new FlowCancelled('cancelled by you'));
      return;
    }
    if (action === 'run-all') this.runAll = true;
    this.gate?.resolve();
  }

  /** The connection closes: stop wherever the flow is. */
  dispose(reason: string): void {
    if (this.finished) return;
    this.abort.abort(new FlowCancelled(reason));
    this.gate?.reject(new FlowCancelled(reason));
  }

  throwIfCancelled(): void {
    if (this.abort.signal.aborted) {
      const reason: unknown = this.abort.signal.reason;
      throw reason instanceof FlowCancelled ? reason : new FlowCancelled('cancelled');
    }
  }
}
