// The Prompts tab's store for this page, and what its requests need.

import { useStore } from 'zustand';
import { controller } from '../../app-state.js';
import type { GetterDeps } from './prompt-getter.js';
import { createPromptsStore, type PromptsState } from './prompts-store.js';

export const promptsStore = createPromptsStore();

export const usePrompts = <T>(selector: (s: PromptsState) => T): T => useStore(promptsStore, selector);

export const getterDeps: GetterDeps = { store: promptsStore, session: () => controller.session };
