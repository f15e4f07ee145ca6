// The Tools tab's store for this page, and its selector hook.
import { useStore } from 'zustand';
import { connectionStore } from '../../app-state.js';
import { watchServerChange } from '../../stores/server-change.js';
import { createToolsStore, type ToolsState } from './tools-store.js';

export const toolsStore = createToolsStore();

// Another server: the last server's results and history go (their Re-run would go to the wrong server).
watchServerChange(
  (l) => connectionStore.subscribe(l),
  () => toolsStore.setState({ history: [], shown: undefined, drafts: {}, selected: undefined }),
);

export const useTools = <T>(selector: (s: ToolsState) => T): T => useStore(toolsStore, selector);
