// The first ping after Connect, as a person sends it: a fresh page (empty cache)
// connects to the demo server, and "Send ping" is clicked as soon as it can be.
// The figure is the round trip the Ping tab shows; then a few more pings give the
// steady state of the same page. Also lists the scripts the page had asked for by
// the time the first answer was shown (what competed with it for the main thread).
//
//   npm run build && node bench/first-ping.mjs [runs]     (5 by default)
//   MCPSCOPE_UI_DIR=/tmp/ui node bench/first-ping.mjs     # a UI built elsewhere
import { launchChromium } from './chromium.mjs';
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

const proxy = await launchProxy({ token: TOKEN });
const browser = await launchChromium();
const first = [];
const steady = [];
const longTasks = [];
const scriptKb = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    // Main-thread tasks over 50 ms, from the start: how long the page was too busy to read an answer.
    await page.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries().map((e) => ({ start: e.startTime, ms: e.duration })))).observe({
        type: 'longtask',
        buffered: true,
      });
    });
    const scripts = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname.slice(1));
    });
    await page.goto(`${proxy.origin}/#token=${TOKEN}`);
    const ping = page.getByRole('tabpanel', { name: 'Ping' });
    await ping.getByRole('button', { name: 'Send ping' }).waitFor();
    await page.waitForLoadState('networkidle');
    const atStart = scripts.length;
    const connectAt = await page.evaluate(() => performance.now());
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    // Once connected (ping may be sent during initialize too, but would then wait for the server to start).
    await page.getByRole('status', { name: 'Connection status' }).getByText('Connected').waitFor();
    await ping.getByRole('button', { name: 'Send ping' }).click();
    const rtt = ping.locator('.rtt');
    await rtt.waitFor();
    first.push(parseRtt(await rtt.textContent()));
    const during = scripts.slice(atStart);
    const busy = await page.evaluate((since) => window.__longTasks.filter((t) => t.start >= since).map((t) => Math.round(t.ms)), connectAt);
    longTasks.push(busy.reduce((a, b) => a + b, 0));
    // JavaScript fetched (so parsed and run) between Connect and the first answer, uncompressed as served.
    const kB = await page.evaluate(
      (since) =>
        performance
          .getEntriesByType('resource')
          .filter((e) => e.startTime >= since && e.name.endsWith('.js'))
          .reduce((n, e) => n + e.encodedBodySize, 0) / 1000,
      connectAt,
    );
    scriptKb.push(kB);
    // Each later ping adds a row to the history (the newest first); its round trip is read from the result.
    const rows = ping.getByRole('table', { name: 'Ping history' }).locator('tbody tr');
    for (let k = 0; k < STEADY; k++) {
      await page.waitForTimeout(100);
      await ping.getByRole('button', { name: 'Send ping' }).click();
      await rows.nth(k + 1).waitFor();
      steady.push(parseRtt(await rtt.textContent()));
    }
    console.log(
      `run ${i + 1}: first ping ${first.at(-1).toFixed(2)} ms; ${kB.toFixed(1)} kB of JavaScript loaded meanwhile; long tasks from Connect to its answer: ${busy.length ? busy.join(' + ') + ' ms' : 'none'}; scripts asked for meanwhile: ${during.length ? during.join(', ') : 'none'}`,
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
console.log(`JavaScript loaded from Connect to the first answer: median ${median(scriptKb).toFixed(1)} kB`);
console.log(`long tasks (over 50 ms) from Connect to the first answer, in all: ${longTasks.join(', ')} ms (median ${median(longTasks)} ms)`);
console.log(`then ${STEADY} pings per page: median ${median(steady).toFixed(2)} ms, max ${sorted(steady).at(-1).toFixed(2)} ms`);
