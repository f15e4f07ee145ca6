// The heartbeat behind the Ping tab: a PingMonitor on the current session,
// mirrored into a store, reconnecting with backoff when the connection goes
// stale (if asked to), and logging every failure with its reason.

import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  DEFAULT_HEARTBEAT,
  PingMonitor,
  probeNoun,
  type ProbedSession,
  type Clock,
  type MonitorState,
  type PingFigures,
  type PingSample,
} from '../../../protocol/index.js';

export interface HeartbeatSettings {
  intervalMs: number;
  timeoutMs: number;
  staleAfter: number;
  autoReconnect: boolean;
}

export const DEFAULT_SETTINGS: HeartbeatSettings = { ...DEFAULT_HEARTBEAT, autoReconnect: true };

export interface HeartbeatState {
  settings: HeartbeatSettings;
  state: MonitorState;
  /** Wall-clock start of the run, for the chart's time axis. */
  startedAt?: number;
  samples: readonly PingSample[];
  figures: PingFigures;
  notImplemented: boolean;
  reconnects: number;
  /** Set while waiting to reconnect. */
  reconnectInMs?: number;
  /** The last thing that went wrong, as a sentence, while it still describes the connection. */
  lastFailure?: string;
  /** The last failure, kept as history once pings are answered again (after a reconnect). */
  recoveredFrom?: string;
}

export interface HeartbeatDeps {
  session: () => ProbedSession | undefined;
  /** Starts a fresh connection; resolves true when it is ready. */
  reconnect: () => Promise<boolean>;
  /** Writes a line to the message log. */
  log: (line: string) => void;
  clock?: Clock;
  beforePing?: () => Promise<void>;
}

const MAX_BACKOFF_MS = 30_000;

/** Why settings cannot be used, or undefined. */
export function settingsProblem(s: HeartbeatSettings): string | undefined {
  if (!Number.isFinite(s.intervalMs) || s.intervalMs < 100) return 'The interval must be at least 100 ms.';
  if (!Number.isFinite(s.timeoutMs) || s.timeoutMs < 10) return 'The timeout must be at least 10 ms.';
  if (!Number.isInteger(s.staleAfter) || s.staleAfter < 1) return 'Misses before stale must be a whole number of at least 1.';
  return undefined;
}

export function backoffMs(attempt: number): number {
  return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt);
}

const emptyFigures: PingFigures = { count: 0, misses: 0, failures: 0, consecutiveMisses: 0 };

export class Heartbeat {
  readonly store: StoreApi<HeartbeatState>;
  private monitor: PingMonitor | undefined;
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly deps: HeartbeatDeps) {
    this.store = createStore<HeartbeatState>()(() => ({
      settings: DEFAULT_SETTINGS,
      state: 'stopped',
      samples: [],
      figures: emptyFigures,
      notImplemented: false,
      reconnects: 0,
    }));
  }

  start(settings: HeartbeatSettings): string | undefined {
    const problem = settingsProblem(settings);
    if (problem) return problem;
    this.stop();
    const monitor = new PingMonitor(this.deps.session, {
      intervalMs: settings.intervalMs,
      timeoutMs: settings.timeoutMs,
      staleAfter: settings.staleAfter,
      ...(this.deps.beforePing ? { beforePing: this.deps.beforePing } : {}),
      ...(this.deps.clock ? { clock: this.deps.clock } : {}),
    });
    this.monitor = monitor;
    this.attempt = 0;
    this.store.setState({
      settings,
      samples: [],
      figures: emptyFigures,
      notImplemented: false,
      reconnects: 0,
      startedAt: Date.now(),
      lastFailure: undefined,
      recoveredFrom: undefined,
      reconnectInMs: undefined,
    });
    monitor.on((e) => {
      if (monitor !== this.monitor) return;
      if (e.type === 'sample') {
        // An answered ping after a failure: the connection is healthy again, the failure is history.
        if (e.sample.verdict.compliant) this.recovered();
        if (e.sample.failure) {
          const line = `Heartbeat: ${probeNoun(e.sample.probe)} ${e.sample.n} ${e.sample.outcome === 'timeout' ? 'missed' : 'failed'}: ${e.sample.failure}`;
          this.deps.log(line);
          this.store.setState({ lastFailure: line });
        }
        this.store.setState({ samples: [...monitor.history], figures: monitor.figures, notImplemented: monitor.notImplemented });
      } else if (e.type === 'state') {
        this.store.setState({ state: e.state });
      } else if (e.type === 'stale') {
        const noun = probeNoun(monitor.history.at(-1)?.probe);
        const line = `Heartbeat: ${e.consecutiveMisses} ${noun}s missed in a row — the connection is stale.`;
        this.deps.log(line);
        this.store.setState({ lastFailure: line });
        if (this.store.getState().settings.autoReconnect) this.scheduleReconnect();
      }
    });
    monitor.start();
    return undefined;
  }

  /** Stop, and forget the figures (they described another server). */
  reset(): void {
    this.stop();
    this.store.setState({ samples: [], figures: emptyFigures, notImplemented: false, reconnects: 0, lastFailure: undefined, recoveredFrom: undefined });
  }

  /** The current failure becomes history. */
  private recovered(): void {
    const { lastFailure } = this.store.getState();
    if (lastFailure !== undefined) this.store.setState({ lastFailure: undefined, recoveredFrom: lastFailure });
  }

  stop(): void {
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.monitor?.stop();
    this.monitor = undefined;
    this.store.setState({ state: 'stopped', reconnectInMs: undefined });
  }

  private scheduleReconnect(): void {
    if (this.reconnectTimer) return;
    const wait = backoffMs(this.attempt);
    this.store.setState({ reconnectInMs: wait });
    this.deps.log(`Heartbeat: reconnecting in ${wait / 1000} s (attempt ${this.attempt + 1}).`);
    this.reconnectTimer = setTimeout(() => void this.reconnect(), wait);
  }

  private async reconnect(): Promise<void> {
    this.reconnectTimer = undefined;
    const monitor = this.monitor;
    if (!monitor) return;
    monitor.stop();
    this.attempt++;
    const ok = await this.deps.reconnect();
    if (monitor !== this.monitor) return; // stopped meanwhile
    this.store.setState((s) => ({ reconnects: s.reconnects + 1, reconnectInMs: undefined }));
    if (ok) {
      this.deps.log('Heartbeat: reconnected; pinging again.');
      this.recovered();
      this.attempt = 0;
      monitor.resume();
    } else {
      this.deps.log('Heartbeat: the reconnect failed.');
      this.scheduleReconnect();
    }
  }
}
