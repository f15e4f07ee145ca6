import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In dev (`npm run dev`), Vite serves the UI and forwards /api and /ws to the
// proxy, which scripts/dev.mjs starts with --allow-origin for this dev server.
const proxyTarget = `http://127.0.0.1:${process.env.MCPSCOPE_PROXY_PORT ?? 6290}`;

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist/ui',
    emptyOutDir: true,
    // .vite/manifest.json: which chunks the first screen loads (scripts/first-screen.mjs
    // measures them). The proxy serves no dotfile, so it stays private.
    manifest: true,
    // Served from loopback by the proxy: a network-sized warning would only be noise on
    // every `npm start`. The first screen has its own budget (npm run bundle-size).
    chunkSizeWarningLimit: 1200,
    rollupOptions: {
      // src/protocol is a library without side effects at import time (definitions only, no I/O).
      // Said so, the bundler keeps what the page imports through its index.ts from pulling in
      // the rest: the lint engine and schema validation (re2js) load on demand, not up front.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]src[\\/]protocol[\\/]/.test(id) },
    },
  },
  server: {
    proxy: {
      '/api': { target: proxyTarget },
      '/ws': { target: proxyTarget, ws: true },
      '/captured': { target: proxyTarget, ws: true },
    },
  },
});
