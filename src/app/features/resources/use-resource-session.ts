// Ties the Resources tab to the page: a new connection starts afresh, session
// events mark updates, and "open this resource" requests from other tabs are read.

import { useEffect } from 'react';
import { controller, navigationStore } from '../../app-state.js';
import { useConnection, useNavigation } from '../../hooks.js';
import { handleSessionEvent, readResource } from './resource-reader.js';
import { readerDeps, resourcesStore } from './state.js';

export function useResourceSession(): void {
  const connection = useConnection((s) => s.snapshot?.connection ?? 0);
  useEffect(() => resourcesStore.getState().forConnection(connection), [connection]);

  useEffect(() => controller.onSessionEvent((e, n) => handleSessionEvent(readerDeps, e, n)), []);

  const requestSeq = useNavigation((s) => s.resourceRequest?.seq);
  useEffect(() => {
    if (requestSeq === undefined) return;
    const uri = navigationStore.getState().takeResourceRequest();
    if (uri === undefined) return;
    resourcesStore.getState().setUriInput(uri);
    void readResource(readerDeps, uri);
  }, [requestSeq]);
}
