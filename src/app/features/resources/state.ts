// The Resources tab's store for this page, and what its requests need.

import { useStore } from 'zustand';
import { controller } from '../../app-state.js';
import type { ReaderDeps } from './resource-reader.js';
import { createResourcesStore, type ResourcesState } from './resources-store.js';

export const resourcesStore = createResourcesStore();

export const useResources = <T>(selector: (s: ResourcesState) => T): T => useStore(resourcesStore, selector);

export const readerDeps: ReaderDeps = { store: resourcesStore, session: () => controller.session };
