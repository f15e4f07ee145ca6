// For bench/log-render.mjs only: when the page URL carries `bench=1` in its
// fragment, expose a way to pour synthetic traffic into the log store.

import type { StoreApi } from 'zustand/vanilla';
import type { LintRunner } from '../../lint/lint-runner.js';
import type { LogInput, LogState } from '../../stores/log-store.js';

export interface LogBenchHook {
  /** Append `count` frames; returns the milliseconds the appends took (before rendering). */
  append(count: number): number;
  size(): number;
  /** Entries logged but not linted yet (0 once the lint runner has caught up). */
  lintBacklog(): number;
}

declare global {
  interface Window {
    __mcpscopeLogBench?: LogBenchHook;
  }
}

/** A mix like real traffic: ping and tools/call pairs, notifications, stderr lines. */
export function syntheticFrame(i: number): LogInput {
  const t = i * 0.25;
  const id = Math.floor(i / 2);
  switch (i % 10) {
    case 0:
    case 2:
      return { t, connection: 1, direction: 'out', raw: `{"jsonrpc":"2.0","id":${id},"method":"ping"}` };
    case 1:
    case 3:
      return { t, connection: 1, direction: 'in', raw: `{"jsonrpc":"2.0","id":${id},"result":{}}` };
    case 4:
      return {
        t,
        connection: 1,
        direction: 'out',
        raw: `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"echo","arguments":{"text":"message ${i}"}}}`,
      };
    case 5:
      return {
        t,
        connection: 1,
        direction: 'in',
        raw: `{"jsonrpc":"2.0","id":${id},"result":{"content":[{"type":"text","text":"message ${i - 1}"}]}}`,
      };
    case 6:
    case 7:
      return { t, connection: 1, direction: 'in', raw: `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":${i},"progress":${i}}}` };
    case 8:
      return { t, connection: 1, direction: 'in', raw: `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"tick ${i}"}}` };
    default:
      return { t, connection: 1, direction: 'stderr', kind: 'stderr', raw: `[server] handled frame ${i}` };
  }
}

export function installLogBenchHook(store: StoreApi<LogState>, lint: Pick<LintRunner, 'linted'>): (() => void) | undefined {
  if (typeof window === 'undefined' || !new URLSearchParams(window.location.hash.slice(1)).has('bench')) return undefined;
  let next = 0;
  window.__mcpscopeLogBench = {
    append(count) {
      const started = performance.now();
      const { append } = store.getState();
      for (let i = 0; i < count; i++) append(syntheticFrame(next++));
      return performance.now() - started;
    },
    size: () => store.getState().entries.length,
    lintBacklog: () => (store.getState().entries.at(-1)?.seq ?? 0) - lint.linted(),
  };
  return () => {
    delete window.__mcpscopeLogBench;
  };
}
