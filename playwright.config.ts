import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The machines here cannot download Playwright's browser: use Debian's Chromium
// where it exists, and Playwright's own elsewhere.
const systemChromium = '/usr/bin/chromium';
const executablePath = existsSync(systemChromium) ? systemChromium : undefined;

export const E2E_PORT = Number(process.env.MCPSCOPE_E2E_PORT ?? 46290);
export const E2E_TOKEN = 'e2e-token-0123456789abcdef';
// The proxy keeps servers.json and credentials in the config directory: each run gets an empty one of its own,
// never the person's ~/.config/mcpscope (set once here, inherited by the workers and the proxies specs start).
export const E2E_CONFIG_HOME = (process.env.MCPSCOPE_E2E_CONFIG_HOME ??= mkdtempSync(join(tmpdir(), 'mcpscope-e2e-config-')));

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'reports/e2e.json' }]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          ...(executablePath ? { executablePath } : {}),
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
        },
      },
    },
  ],
  webServer: {
    command: `node dist/node/proxy/main.js --port ${E2E_PORT} --no-open`,
    url: `http://127.0.0.1:${E2E_PORT}/`,
    env: {
      MCPSCOPE_TOKEN: E2E_TOKEN,
      XDG_CONFIG_HOME: E2E_CONFIG_HOME,
      ...(process.env.MCPSCOPE_UI_DIR ? { MCPSCOPE_UI_DIR: process.env.MCPSCOPE_UI_DIR } : {}),
    },
    reuseExistingServer: false,
    // SIGTERM lets the proxy stop every server it started; a SIGKILL would orphan them.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5000 },
    timeout: 30_000,
  },
});
