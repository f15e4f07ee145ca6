// The page's Network store, fed by the connection controller.

import { useStore } from 'zustand';
import { controller } from '../../app-state.js';
import { createNetworkStore, type NetworkState } from './network-store.js';

export const networkStore = createNetworkStore();

controller.onHttpEvent((event, connection) => networkStore.getState().receive(event, connection));

export const useNetwork = <T>(selector: (s: NetworkState) => T): T => useStore(networkStore, selector);
