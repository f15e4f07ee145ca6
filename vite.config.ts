import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, type Rolldown } from 'vite';

// In dev (`npm run dev`), Vite serves the UI and forwards /api and /ws to the
// proxy, which scripts/dev.mjs starts with --allow-origin for this dev server.
const proxyTarget = `http://127.0.0.1:${process.env.MCPSCOPE_PROXY_PORT ?? 6290}`;

// src/protocol is a library without side effects at import time (definitions only, no I/O).
const protocolHasSideEffects = (id: string): boolean => !/[\\/]src[\\/]protocol[\\/]/.test(id);

/**
 * The app sandbox's script (src/sandbox/sandbox.ts) as dist/ui/sandbox.js: one
 * file, built on its own so it shares no chunk with the page (the sandbox
 * origin serves that file and nothing else).
 */
function sandboxScript(): Plugin {
  return {
    name: 'mcpscope-sandbox-script',
    apply: 'build',
    async generateBundle() {
      const built = await build({
        configFile: false,
        logLevel: 'warn',
        build: {
          write: false,
          minify: true,
          lib: { entry: 'src/sandbox/sandbox.ts', formats: ['es'], fileName: 'sandbox' },
          rollupOptions: { treeshake: { moduleSideEffects: protocolHasSideEffects } },
        },
      });
      const outputs = (Array.isArray(built) ? built : [built]) as Rolldown.RolldownOutput[];
      const chunk = outputs.flatMap((o) => o.output).find((o) => o.type === 'chunk');
      if (chunk === undefined || chunk.type !== 'chunk') throw new Error('The sandbox script was not built.');
      this.emitFile({ type: 'asset', fileName: 'sandbox.js', source: chunk.code });
    },
  };
}

export default defineConfig({
  plugins: [react(), sandboxScript()],
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
      treeshake: { moduleSideEffects: protocolHasSideEffects },
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
