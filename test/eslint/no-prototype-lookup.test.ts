// The lint rule that keeps server-chosen keys off plain object tables.
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { noPrototypeLookup } from './no-prototype-lookup.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });

tester.run('no-prototype-lookup', noPrototypeLookup, {
  valid: [
    // Fixed keys, Maps, and ownValue.
    "const T: Record<string, number> = { a: 1 }; T['a']; T[`a`]; T[0];",
    'const T = new Map<string, number>(); T.get(key);',
    'const T: Record<string, number> = { a: 1 }; ownValue(T, key); Object.hasOwn(T, key);',
    // Typed with literal keys: TypeScript refuses a plain string there already.
    "const T: Record<'a' | 'b', number> = { a: 1, b: 2 }; T[key];",
    'const T = { a: 1 } as const; T[key];',
    // Not an object literal, not const, or a write.
    'const T: Record<string, number> = build(); T[key];',
    'let T: Record<string, number> = {}; T[key];',
    'const T: Record<string, number> = {}; T[key] = 1;',
    // A name that only shadows the table.
    'const T: Record<string, number> = { a: 1 }; function f(T: number[]) { return T[key]; }',
    'const list = [1, 2]; list[i];',
  ],
  invalid: [
    {
      code: "const INVALIDATES: Record<string, string[]> = { 'notifications/tools/list_changed': ['tools'] }; INVALIDATES[e.method];",
      errors: [{ messageId: 'lookup' }],
    },
    { code: 'const T: Readonly<Record<string, number>> = { a: 1 }; T[key];', errors: [{ messageId: 'lookup' }] },
    { code: 'const T: { [name: string]: number } = { a: 1 }; T[key];', errors: [{ messageId: 'lookup' }] },
    { code: 'const T: Record<string, number> = { a: 1 } as const; function f(k: string) { return T[k] ?? 0; }', errors: [{ messageId: 'lookup' }] },
    { code: 'const T: Record<string, number> = { a: 1 }; T[key] += 1;', errors: [{ messageId: 'lookup' }] },
    { code: 'const T: Record<string, number> = { a: 1 }; if (key in T) {}', errors: [{ messageId: 'has' }] },
    { code: 'function f(k: string) { const moves: Record<string, number> = { Home: 0 }; return moves[k]; }', errors: [{ messageId: 'lookup' }] },
  ],
});
