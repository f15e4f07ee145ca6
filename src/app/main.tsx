import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { restoreSavedLog } from './app-state.js';
import './styles/app.css';

const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

function render(element: HTMLElement): void {
  createRoot(element).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </StrictMode>,
  );
}

// The log from before a reload goes back in before anything can be connected (its
// numbering continues from it); a storage that does not answer holds the page up for 3 s at most.
const RESTORE_WAIT_MS = 3000;
void Promise.race([restoreSavedLog(), new Promise((r) => setTimeout(r, RESTORE_WAIT_MS))]).finally(() => render(root));
