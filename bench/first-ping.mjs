// The first ping after Connect, as a person sends it: a fresh page (empty cache)
// connects to the demo server, and "Send ping" is clicked as soon as it can be.
// The figure is the round trip the Ping tab shows; then a few more pings give the
// steady state of the same page. Also lists the scripts the page had asked for by
// the time the first answer was shown (what competed with it for the main thread).
//
//   npm run build && node bench/first-ping.mjs [runs]     (5 by default)
//   MCPSCOPE_UI_DIR=/tmp/ui node bench/first-ping.mjs     # a UI built elsewhere
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { launchProxy } from './proxy-process.mjs';

const TOKEN = 'bench-token-0123456789abcdef';
const RUNS = Number(process.argv[2] ?? 5);
const STEADY = 5;

/** "2.41 ms", "109 ms", "1.20 s", "850 µs" as the Ping tab writes them, in milliseconds. */
function parseRtt(text) {
  const m = /Round trip: ([\d.,]+)\s*(µs|ms|s)\b/.exec(text);
  if (!m) throw new Error(`no round trip in ${JSON.stringify(text)}`);
  const value = Number(m[1].replace(/,/g, ''));
  return m[2] === 's' ? value * 1000 : m[2] === 'µs' ? value / 1000 : value;
}

const executablePath = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
const proxy = await launchProxy({ token: TOKEN });
const browser = await chromium.launch({
  ...(executablePath ? { executablePath } : {}),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const first = [];
const steady = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname.slice(1));
    });
    await page.goto(`${proxy.origin}/#token=${TOKEN}`);
    const ping = page.getByRole('tabpanel', { name: 'Ping' });
    await ping.getByRole('button', { name: 'Send ping' }).waitFor();
    await page.waitForLoadState('networkidle');
    const atStart = scripts.length;
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.getByRole('status', { name: 'Connection status' }).getByText('Connected').waitFor();
    // Clicked as soon as it is enabled (Playwright waits for that), as a person in a hurry would.
    await ping.getByRole('button', { name: 'Send ping' }).click();
    const rtt = ping.locator('.rtt');
    await rtt.waitFor();
    first.push(parseRtt(await rtt.textContent()));
    const during = scripts.slice(atStart);
    // Each later ping adds a row to the history (the newest first); its round trip is read from the result.
    const rows = ping.getByRole('table', { name: 'Ping history' }).locator('tbody tr');
    for (let k = 0; k < STEADY; k++) {
      await page.waitForTimeout(100);
      await ping.getByRole('button', { name: 'Send ping' }).click();
      await rows.nth(k + 1).waitFor();
      steady.push(parseRtt(await rtt.textContent()));
    }
    console.log(
      `run ${i + 1}: first ping ${first.at(-1).toFixed(2)} ms; scripts asked for between Connect and its answer: ${during.length ? during.join(', ') : 'none'}`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  await proxy.stop();
}

const sorted = (xs) => [...xs].sort((a, b) => a - b);
const median = (xs) => sorted(xs)[Math.floor(xs.length / 2)];
console.log(`UI: ${process.env.MCPSCOPE_UI_DIR ?? 'dist/ui'}; ${RUNS} fresh pages`);
console.log(`first ping after Connect: ${first.map((x) => x.toFixed(1)).join(', ')} ms (median ${median(first).toFixed(1)} ms)`);
console.log(`then ${STEADY} pings per page: median ${median(steady).toFixed(2)} ms, max ${sorted(steady).at(-1).toFixed(2)} ms`);
