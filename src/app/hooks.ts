// Selector hooks over the page's stores.

import { useStore } from 'zustand';
import { connectionStore, logStore, navigationStore, pingStore } from './app-state.js';
import type { PingState } from './features/ping/ping-store.js';
import type { ConnectionState } from './stores/connection-store.js';
import type { LogState } from './stores/log-store.js';
import type { NavigationState } from './stores/navigation-store.js';

export const useConnection = <T>(selector: (s: ConnectionState) => T): T => useStore(connectionStore, selector);
export const useLog = <T>(selector: (s: LogState) => T): T => useStore(logStore, selector);
export const usePing = <T>(selector: (s: PingState) => T): T => useStore(pingStore, selector);
export const useNavigation = <T>(selector: (s: NavigationState) => T): T => useStore(navigationStore, selector);
