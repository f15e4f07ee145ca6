import type { ESLint, Rule } from 'eslint';

export const noPrototypeLookup: Rule.RuleModule;
declare const plugin: ESLint.Plugin;
export default plugin;
