// How long the first screen takes to show in Chromium: from navigation to the
// Ping tab's "Send ping" button in the DOM, each time in a fresh browser
// context (an empty cache), served by the built proxy from loopback.
//   npm run build && node bench/first-screen-load.mjs [runs]
//   MCPSCOPE_UI_DIR=/tmp/ui node bench/first-screen-load.mjs   # a UI built elsewhere
import { launchChromium } from './chromium.mjs';
import { launchProxy } from './proxy-process.mjs';

const TOKEN = 'bench-token-0123456789abcdef';
const RUNS = Number(process.argv[2] ?? 15);

const proxy = await launchProxy({ token: TOKEN });
const browser = await launchChromium();
const shown = [];
const scriptBytes = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${proxy.origin}/#token=${TOKEN}`);
    // Checked on every animation frame: the time is that of the first frame with the button.
    const at = await page.waitForFunction(
      () => ([...document.querySelectorAll('button')].some((b) => b.textContent === 'Send ping') ? performance.now() : false),
      undefined,
      { polling: 'raf', timeout: 30_000 },
    );
    shown.push(await at.jsonValue());
    scriptBytes.push(
      await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js'))
          .reduce((n, e) => n + e.encodedBodySize, 0),
      ),
    );
    await context.close();
  }
} finally {
  await browser.close();
  await proxy.stop();
}

const sorted = [...shown].sort((a, b) => a - b);
const pick = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
console.log(`UI: ${process.env.MCPSCOPE_UI_DIR ?? 'dist/ui'}; ${RUNS} loads, each in a fresh context`);
console.log(`"Send ping" shown after: median ${pick(0.5).toFixed(0)} ms, min ${sorted[0].toFixed(0)} ms, max ${sorted.at(-1).toFixed(0)} ms`);
console.log(`JavaScript fetched by then: ${(Math.max(...scriptBytes) / 1000).toFixed(1)} kB (uncompressed: the proxy does not gzip)`);
