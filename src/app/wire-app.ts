// The page's wiring that no connection owns: the log to the lint runner, the
// published schemas, "read this resource" to the scope in view, and leaving
// the page. Each scope's own wiring is in workspace/wire-scope.ts.

import type { App, PageEnvironment } from './app.js';
import { guardUnload } from './connection/unload-guard.js';
import { isActive } from './stores/connection-store.js';
import { activeScope } from './workspace/workspace-store.js';

type Wired = Omit<App, 'restoreSavedLog' | 'clearRestoredLog'>;

/** Wires the page once; returns what a scope calls when its connection starts or ends. */
export function wireApp(app: Wired, env: Pick<PageEnvironment, 'page' | 'loadSchemaCheck'>): () => void {
  const { logStore, lint, workspace } = app;

  logStore.subscribe((s) => lint.observe(s.entries));
  // The SDK's schemas bring zod: loaded apart from the main bundle, in time for the first connection.
  void env.loadSchemaCheck?.().then(
    (check) => lint.setSchema(check),
    () => activeScope(workspace).logNote('The published MCP schemas could not be loaded; rule SCHEMA is off for this page.'),
  );

  // "Read this resource" from another tab (a resource_link in a result), on the connection in view.
  app.navigationStore.subscribe((s, before) => {
    if (s.resourceRequest === undefined || s.resourceRequest === before.resourceRequest) return;
    const uri = app.navigationStore.getState().takeResourceRequest();
    if (uri === undefined) return;
    const { resourcesStore } = activeScope(workspace);
    resourcesStore.getState().setUriInput(uri);
    void resourcesStore.getState().read(uri);
  });

  // Leaving the page ends every connection and server process: the browser asks first while any is active.
  const page = env.page;
  if (!page) return () => {};
  const guard = guardUnload(page, () => void app.logSaver.save());
  page.addEventListener('pagehide', () => void app.logSaver.save());
  const activityChanged = () => guard(workspace.getState().scopes.some((s) => isActive(s.connectionStore.getState().snapshot)));
  workspace.subscribe(activityChanged);
  return activityChanged;
}
