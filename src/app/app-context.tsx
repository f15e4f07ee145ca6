// Hands the app built by createApp down the React tree. Components reach it
// only through hooks (src/app/hooks.ts).

import { QueryClientProvider } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
import type { App } from './app.js';

const AppContext = createContext<App | null>(null);

export function AppProvider({ app, children }: { app: App; children: ReactNode }) {
  return (
    <AppContext.Provider value={app}>
      <QueryClientProvider client={app.queryClient}>{children}</QueryClientProvider>
    </AppContext.Provider>
  );
}

export function useApp(): App {
  const app = useContext(AppContext);
  if (app === null) throw new Error('useApp() was called outside <AppProvider>: render the page through main.tsx.');
  return app;
}
