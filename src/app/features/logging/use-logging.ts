import { useStore } from 'zustand';
import { useApp } from '../../app-context.js';
import type { LoggingState } from './logging-store.js';

export const useLogging = <T>(selector: (s: LoggingState) => T): T => useStore(useApp().logging, selector);
