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
    // One bundle of ~850 kB (rjsf is most of it), served from loopback by the proxy:
    // a network-sized warning would only be noise on every `npm start`.
    chunkSizeWarningLimit: 1200,
  },
  server: {
    proxy: {
      '/api': { target: proxyTarget },
      '/ws': { target: proxyTarget, ws: true },
    },
  },
});
