// Calls the hooks of the rule sets on a frame. The tables are indexed once, per
// era and kind of message, by the methods their hooks name; a method no hook
// names (anything a peer sends) gets the hooks for every method, so the index
// never grows with the traffic. Each hook runs guarded: one that throws (a bug
// of ours) becomes a LINT-INTERNAL finding and the other hooks still run.

import type { LintConnection } from './connection.js';
import { internalFailureMessage } from './internal.js';
import { ERAS, HOOK_KINDS, type Era, type FrameContext, type Hook, type HookKind, type RuleSet } from './rule-set.js';

interface Entry {
  hook: Hook<unknown>;
  state: unknown;
  /** The rule set's predicate, for one that is not keyed by era. */
  applies: ((ctx: FrameContext) => boolean) | undefined;
}

interface Index {
  byMethod: ReadonlyMap<string, readonly Entry[]>;
  /** The hooks for every method, for a method no hook names. */
  any: readonly Entry[];
}

const listOf = <T extends string>(value: T | readonly T[]): readonly T[] => (typeof value === 'string' ? [value] : value);

export class RuleDispatch {
  private readonly index = {} as Record<Era, Record<HookKind, Index>>;

  constructor(ruleSets: readonly RuleSet<unknown>[], connection: LintConnection) {
    const entries = ruleSets.flatMap((set) => {
      const state = set.state?.(connection);
      const eras = typeof set.era === 'function' ? ERAS : listOf(set.era);
      const applies = typeof set.era === 'function' ? set.era : undefined;
      return set.hooks.map((hook) => ({ entry: { hook, state, applies }, eras }));
    });
    for (const era of ERAS) {
      const byKind = {} as Record<HookKind, Index>;
      this.index[era] = byKind;
      for (const kind of HOOK_KINDS) {
        const mine = entries.filter((e) => e.eras.includes(era) && listOf(e.entry.hook.on).includes(kind)).map((e) => e.entry);
        const named = new Set(mine.flatMap((e) => (e.hook.method === undefined ? [] : listOf(e.hook.method))));
        const byMethod = new Map([...named].map((m) => [m, mine.filter((e) => e.hook.method === undefined || listOf(e.hook.method).includes(m))]));
        byKind[kind] = { byMethod, any: mine.filter((e) => e.hook.method === undefined) };
      }
    }
  }

  /** Every hook for the frame, in table order. `what` names the frame, for a LINT-INTERNAL finding. */
  run(ctx: FrameContext, what: () => string): void {
    const index = this.index[ctx.era][ctx.kind];
    const entries = index.byMethod.get(ctx.method) ?? index.any;
    for (let i = 0; i < entries.length; i++) {
      const { hook, state, applies } = entries[i]!;
      if (hook.sender !== undefined && hook.sender !== ctx.sender) continue;
      try {
        if (applies && !applies(ctx)) continue;
        hook.run(ctx, state);
      } catch (error) {
        const check = typeof hook.check === 'string' ? hook.check : hook.check(ctx);
        ctx.report('LINT-INTERNAL', internalFailureMessage(check, what(), error), ctx.sender);
      }
    }
  }
}
