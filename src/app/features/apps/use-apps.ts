// The scope's apps store, read through the scope in view (as hooks.ts does for the other stores).

import { useStore } from 'zustand';
import { useConnectionScope } from '../../hooks.js';
import type { AppsState } from './apps-store.js';

export const useApps = <T>(selector: (s: AppsState) => T): T => useStore(useConnectionScope().apps, selector);
