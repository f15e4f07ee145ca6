// ESLint for the whole tree: JavaScript and TypeScript recommendations, the
// rules of React hooks in the UI, the project's boundaries where a lint rule
// says them better than a test, and its own rule against prototype-name
// lookups. Formatting is Prettier's job, not ESLint's.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import mcpscope from './test/eslint/no-prototype-lookup.mjs';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.conformance/', 'reports/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // An `any` needs a comment that says why; the disable comment is that place.
      '@typescript-eslint/no-explicit-any': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    // Keys from a server, a host or a user ("constructor", "__proto__") never index a plain object table.
    files: ['src/**/*.{ts,tsx}', 'proxy/**/*.ts', 'cli/**/*.ts', 'wrap/**/*.ts', 'node/**/*.ts', 'options/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { mcpscope },
    rules: { 'mcpscope/no-prototype-lookup': 'error' },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    // The two rules of hooks. The plugin's React Compiler rules (set-state-in-effect, refs, …) judge code
    // for a compiler this project does not use; they are left off rather than obeyed by rewrites.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Benchmarks hand functions to the page (page.evaluate): they run in the browser.
    files: ['bench/**/*.mjs', 'e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['src/protocol/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*', 'react', 'react-dom', 'react/*'], message: 'src/protocol stays free of node:, DOM and React imports.' }] },
      ],
    },
  },
);
