import { useStore } from 'zustand';
import { useConnectionScope } from '../../hooks.js';
import type { TasksState } from './tasks-store.js';

export const useTasks = <T>(selector: (s: TasksState) => T): T => useStore(useConnectionScope().tasks.store, selector);
