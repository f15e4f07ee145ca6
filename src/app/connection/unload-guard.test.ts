import { describe, expect, it } from 'vitest';
import { guardUnload, type UnloadTarget } from './unload-guard.js';

function target() {
  const listeners = new Set<(e: BeforeUnloadEvent) => void>();
  const t: UnloadTarget = {
    addEventListener: (_type, l) => listeners.add(l),
    removeEventListener: (_type, l) => listeners.delete(l),
  };
  return { t, listeners };
}

describe('guardUnload', () => {
  it('asks before unload only while a connection is active, and saves first', () => {
    const { t, listeners } = target();
    let saved = 0;
    const guard = guardUnload(t, () => saved++);
    expect(listeners.size).toBe(0);
    guard(true);
    guard(true);
    expect(listeners.size).toBe(1);
    let prevented = false;
    const event = { preventDefault: () => (prevented = true), returnValue: undefined as unknown } as unknown as BeforeUnloadEvent;
    for (const l of listeners) l(event);
    expect(prevented).toBe(true);
    expect(event.returnValue).toBe('');
    expect(saved).toBe(1);
    guard(false);
    expect(listeners.size).toBe(0);
  });
});
