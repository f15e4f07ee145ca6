import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { AppProvider } from './app-context.js';
import { browserEnvironment } from './browser-environment.js';
import { createApp } from './create-app.js';
import { applyTheme } from './theme/theme-store.js';
import './styles/app.css';
// After app.css: the shell's layout overrides its base grid.
import './styles/shell.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const env = browserEnvironment(window);
const app = createApp(env);
// Before anything renders: a chosen theme is on <html> from the first paint of the app.
applyTheme(app.theme, document.documentElement);

function render(element: HTMLElement): void {
  createRoot(element).render(
    <StrictMode>
      <AppProvider app={app}>
        <App settings={env.settings} />
      </AppProvider>
    </StrictMode>,
  );
}

// The log from before a reload goes back in before anything can be connected (its
// numbering continues from it); a storage that does not answer holds the page up for 3 s at most.
const RESTORE_WAIT_MS = 3000;
// Wrapped sessions come in after it too: their connection numbers follow the restored ones.
void Promise.race([app.restoreSavedLog(), new Promise((r) => setTimeout(r, RESTORE_WAIT_MS))]).finally(() => {
  render(root);
  app.followCaptured();
});
