// The Chromium the browser benchmarks run in: the system's when there is one (as
// the e2e tests use), headless, without the background work that would add noise.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

export function launchChromium(extraArgs = []) {
  const executablePath = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
  return chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', ...extraArgs],
  });
}
