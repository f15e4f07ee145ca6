import { useStore } from 'zustand';
import { useApp } from '../../hooks.js';
import type { TasksState } from './tasks-store.js';

export const useTasks = <T>(selector: (s: TasksState) => T): T => useStore(useApp().tasksStore, selector);
