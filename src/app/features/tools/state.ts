// The Tools tab's store for this page, and its selector hook.
import { useStore } from 'zustand';
import { createToolsStore, type ToolsState } from './tools-store.js';

export const toolsStore = createToolsStore();

export const useTools = <T,>(selector: (s: ToolsState) => T): T => useStore(toolsStore, selector);
