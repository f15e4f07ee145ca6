// bench/large-lists: the Tools, Resources and Prompts tabs against a server listing
// 50,000 of each, and a 10 MB text result, in a real Chromium against the built UI.
// Measures how long the main thread is blocked (long tasks, over 50 ms) when a tab
// opens and when the big result renders, and how many list items are in the DOM.
//
//   npm run build && node bench/large-lists.mjs [--tools 50000] [--text-mb 10] [--runs 3]
//   (MCPSCOPE_UI_DIR=<a built UI> measures another build, e.g. one from before a change)
import { fileURLToPath } from 'node:url';
import { launchChromium } from './chromium.mjs';
import { launchProxy } from './proxy-process.mjs';

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(name);
  return i >= 0 ? Number(argv[i + 1]) : dflt;
};
const COUNT = opt('--tools', 50_000);
const TEXT_MB = opt('--text-mb', 10);
const RUNS = opt('--runs', 3);
const TOKEN = 'bench-token-0123456789abcdef';
const server = fileURLToPath(new URL('../test/fixtures/large-server.mjs', import.meta.url));
const grouped = (n) => n.toLocaleString('en-US');
const ms = (x) => `${x.toFixed(0)} ms`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Long tasks since the last reset, and the time to the next painted frame. */
function installObserver() {
  window.__longTasks = [];
  new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries().map((e) => e.duration))).observe({ type: 'longtask', buffered: true });
  window.__painted = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
}

const proxy = await launchProxy({ token: TOKEN });
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await page.addInitScript(installObserver);
  await page.goto(`${proxy.origin}/#token=${TOKEN}`);
  await page.getByLabel('Command').fill(process.execPath);
  await page.getByLabel('Arguments').fill(`${server} --tools ${COUNT} --text-mb ${TEXT_MB}`);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await page.getByRole('status').first().getByText('large-server').waitFor({ timeout: 600_000 });

  /** Opens `tab` (from Ping), waits for `ready` and a painted frame: the long tasks in between, and the list items in the DOM. */
  async function openTab(tab, ready) {
    await page.getByRole('tab', { name: 'Ping' }).click();
    await page.evaluate(() => window.__painted());
    await page.evaluate(() => (window.__longTasks = []));
    const start = await page.evaluate(() => performance.now());
    await page.getByRole('tab', { name: tab }).click();
    await ready(page.getByRole('tabpanel', { name: tab }));
    await page.evaluate(() => window.__painted());
    const elapsed = (await page.evaluate(() => performance.now())) - start;
    const tasks = await page.evaluate(() => window.__longTasks);
    const items = await page.evaluate(() => document.querySelectorAll('[role="tabpanel"]:not([hidden]) li').length);
    return { elapsed, blocked: tasks.reduce((a, b) => a + b, 0), longest: Math.max(0, ...tasks), items };
  }

  const tabs = [
    ['Tools', (p) => p.getByRole('button', { name: 'big_text', exact: true }).waitFor({ timeout: 600_000 })],
    ['Resources', (p) => p.getByRole('button', { name: 'Read big://text' }).waitFor({ timeout: 600_000 })],
    ['Prompts', (p) => p.getByRole('button', { name: /prompt_00000/ }).waitFor({ timeout: 600_000 })],
  ];
  for (const [tab, ready] of tabs) {
    await openTab(tab, ready); // the first opening also fetches the list
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await openTab(tab, ready));
    console.log(
      `${tab} tab opens with ${grouped(COUNT)} items: blocked ${ms(median(runs.map((r) => r.blocked)))} (longest task ${ms(median(runs.map((r) => r.longest)))}), ` +
        `to painted ${ms(median(runs.map((r) => r.elapsed)))}, ${grouped(runs[0].items)} list items in the DOM  (median of ${RUNS})`,
    );
  }

  /** Clicks `button` in `tab`, waits for `ready`: the long tasks until the next painted frame. */
  async function measure(tab, act, ready) {
    await page.getByRole('tab', { name: tab }).click();
    const panel = page.getByRole('tabpanel', { name: tab });
    await page.evaluate(() => window.__painted());
    await page.evaluate(() => (window.__longTasks = []));
    const start = await page.evaluate(() => performance.now());
    await act(panel);
    await ready(panel);
    await page.evaluate(() => window.__painted());
    const elapsed = (await page.evaluate(() => performance.now())) - start;
    const tasks = await page.evaluate(() => window.__longTasks);
    return { elapsed, blocked: tasks.reduce((a, b) => a + b, 0), longest: Math.max(0, ...tasks) };
  }
  const report = (what, r) => console.log(`${what}: blocked ${ms(r.blocked)} (longest task ${ms(r.longest)}), to painted ${ms(r.elapsed)}`);

  await page.getByRole('tab', { name: 'Tools' }).click();
  await page.getByRole('tabpanel', { name: 'Tools' }).getByRole('button', { name: 'big_text', exact: true }).click();
  report(
    `tools/call answered with ${TEXT_MB} MB of text, to its first line shown`,
    await measure(
      'Tools',
      (p) => p.getByRole('button', { name: 'Call tool' }).click(),
      (p) => p.getByRole('region', { name: 'Call result' }).getByText('line 1: the quick').first().waitFor({ timeout: 600_000 }),
    ),
  );
  report(
    `resources/read of ${TEXT_MB} MB of text, to its first line shown`,
    await measure(
      'Resources',
      (p) => p.getByRole('button', { name: 'Read big://text' }).click(),
      (p) => p.getByText('line 1: the quick').first().waitFor({ timeout: 600_000 }),
    ),
  );
  console.log(`Chromium ${browser.version()}, ${process.env.MCPSCOPE_UI_DIR ? `UI from ${process.env.MCPSCOPE_UI_DIR}` : 'dist/ui'}`);
} finally {
  await browser.close();
  await proxy.stop();
}
