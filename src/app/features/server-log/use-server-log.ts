import { useStore } from 'zustand';
import { useApp } from '../../app-context.js';
import type { ServerLogState } from './server-log-store.js';

export const useServerLog = <T>(selector: (s: ServerLogState) => T): T => useStore(useApp().serverLog, selector);
