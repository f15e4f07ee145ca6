// Reads an app's ui:// resource over the connection (so it is in the Log) each
// time an app is opened, and reads its HTML and `_meta.ui` with the protocol's
// reader: the resource, or the sentences saying why there is none.

import { useEffect, useState } from 'react';
import { readUiResource, requestFollowingInput, type UiResourceReading } from '../../../protocol/index.js';
import { useConnectionScope } from '../../hooks.js';
import { answerOf } from './app-handlers.js';

export type AppResourceState = { status: 'reading' } | { status: 'failed'; sentence: string } | { status: 'read'; reading: UiResourceReading };

export function useAppResource(connection: number, uri: string): AppResourceState {
  const { readDeps } = useConnectionScope();
  const [state, setState] = useState<AppResourceState>({ status: 'reading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'reading' });
    const session = readDeps.session(connection);
    if (!session) {
      setState({ status: 'failed', sentence: 'Not connected to the server that listed this tool: connect again to open its app.' });
      return;
    }
    void requestFollowingInput(session, 'resources/read', { uri }).then((outcome) => {
      if (!live) return;
      try {
        setState({ status: 'read', reading: readUiResource(uri, answerOf('resources/read', outcome)) });
      } catch (e) {
        setState({ status: 'failed', sentence: `The app's resource ${uri} could not be read. ${e instanceof Error ? e.message : String(e)}` });
      }
    });
    return () => {
      live = false;
    };
  }, [readDeps, connection, uri]);
  return state;
}
