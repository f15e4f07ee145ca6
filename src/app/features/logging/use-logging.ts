import { useStore } from 'zustand';
import { useConnectionScope } from '../../hooks.js';
import type { LoggingState } from './logging-store.js';

export const useLogging = <T>(selector: (s: LoggingState) => T): T => useStore(useConnectionScope().logging, selector);
