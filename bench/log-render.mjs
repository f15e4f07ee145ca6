// bench/log-render: the message log in a real Chromium against the built UI.
// Pours synthetic frames into the log store through the page's bench hook
// (present only when the URL fragment has bench=1) and measures appending,
// rendering, scrolling, filtering, export and import at 100,000 frames.
//
//   npm run build && node bench/log-render.mjs [--frames 100000]
//   (or build the UI anywhere and set MCPSCOPE_UI_DIR to it)
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { launchChromium } from './chromium.mjs';
import { launchProxy } from './proxy-process.mjs';

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(name);
  return i >= 0 ? Number(argv[i + 1]) : dflt;
};
const FRAMES = opt('--frames', 100_000);
const BURST = opt('--burst', 1000);
const TOKEN = 'bench-token-0123456789abcdef';
const grouped = (n) => n.toLocaleString('en-US');

async function startProxy() {
  const proxy = await launchProxy({ token: TOKEN });
  return { url: proxy.origin, stop: proxy.stop };
}

/** In-page helpers: wait for the "Showing … frames" line, for a painted frame, and drive inputs as a person would. */
function installHelpers() {
  const panel = () => [...document.querySelectorAll('[role="tabpanel"]')].find((p) => !p.hidden);
  const showing = () => /Showing [\d,]+ of [\d,]+ frames/.exec(panel()?.querySelector('.log-showing')?.textContent ?? '')?.[0] ?? '';
  const painted = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  window.__lb = {
    showing,
    painted,
    /** ms from `start` until the count line satisfies `test` and the next frame is painted. */
    async until(test, start) {
      while (!test(showing())) await new Promise((r) => requestAnimationFrame(r));
      const committed = performance.now() - start;
      await painted();
      return { committed, painted: performance.now() - start };
    },
    field(label) {
      const l = [...panel().querySelectorAll('label')].find((x) => x.textContent.trim() === label);
      return document.getElementById(l.htmlFor);
    },
    setValue(el, value) {
      const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
      Object.getOwnPropertyDescriptor(proto, 'value').set.call(el, value);
      el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
    },
    body: () => panel().querySelector('[role="table"] [role="rowgroup"]:last-child'),
  };
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (x) => `${x.toFixed(1)} ms`;
const results = [];
const record = (what, value, note = '') => {
  results.push({ what, value, note });
  console.log(`${what}: ${value}${note ? `  (${note})` : ''}`);
};

const proxy = await startProxy();
const browser = await launchChromium([
  '--js-flags=--expose-gc',
  // performance.memory to the byte and at every read (by default it is rounded and cached).
  '--enable-precise-memory-info',
]);
let chromiumVersion;
const downloads = await mkdtemp(join(tmpdir(), 'mcpscope-bench-'));
try {
  let page;
  /** A fresh page, the last one closed: its heap (kept by the back/forward cache after a navigation) must not count. */
  async function open() {
    await page?.close();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
    await page.goto(`${proxy.url}/#token=${TOKEN}&bench=1`);
    await page.getByRole('tab', { name: 'Log' }).click();
    await page
      .waitForFunction(() => window.__mcpscopeLogBench !== undefined, null, { timeout: 10_000 })
      .catch(() => {
        throw new Error('The UI has no log bench hook: it was built before the hook existed. Run npm run build (or set MCPSCOPE_UI_DIR to a fresh build).');
      });
    await page.evaluate(installHelpers);
  }
  const all = `Showing ${grouped(FRAMES)} of ${grouped(FRAMES)} frames`;

  // 1. A stream: BURST frames per animation frame until FRAMES, with the view following the newest.
  await open();
  const stream = await page.evaluate(
    async ({ frames, burst, all }) => {
      const hook = window.__mcpscopeLogBench;
      const start = performance.now();
      const gaps = [];
      let appendMs = 0;
      // The heap as it stands (no GC) at each animation frame: its peak while frames pour in.
      let peakHeap = 0;
      const heapNow = () => performance.memory?.usedJSHeapSize ?? NaN;
      let maxBacklog = 0;
      await new Promise((resolve) => {
        let sent = 0;
        let last = performance.now();
        function tick(now) {
          gaps.push(now - last);
          last = now;
          peakHeap = Math.max(peakHeap, heapNow());
          maxBacklog = Math.max(maxBacklog, hook.lintBacklog());
          if (sent >= frames) return resolve();
          appendMs += hook.append(Math.min(burst, frames - sent));
          sent += burst;
          requestAnimationFrame(tick);
        }
        requestAnimationFrame(tick);
      });
      const done = await window.__lb.until((t) => t.startsWith(all), start);
      peakHeap = Math.max(peakHeap, heapNow());
      return { gaps: gaps.slice(1).sort((a, b) => a - b), appendMs, total: done.painted, peakHeap, maxBacklog };
    },
    { frames: FRAMES, burst: BURST, all },
  );
  record(`stream of ${grouped(FRAMES)} frames, ${grouped(BURST)} per animation frame`, ms(stream.total), `appends ${ms(stream.appendMs)} in all`);
  record('  frame interval while streaming p50 / p95 / max', `${ms(pct(stream.gaps, 50))} / ${ms(pct(stream.gaps, 95))} / ${ms(stream.gaps.at(-1))}`);
  const domRows = await page.getByRole('tabpanel', { name: 'Log' }).getByRole('row').count();
  record('  rows in the DOM at 100,000 frames', String(domRows), 'header row included');
  const mb = (bytes) => `${(bytes / 1048576).toFixed(1)} MB`;
  const heapAfterGc = () =>
    page.evaluate(() => {
      window.gc?.();
      return performance.memory?.usedJSHeapSize ?? NaN;
    });
  record('  JS heap peak while streaming (no GC forced)', mb(stream.peakHeap), `lint backlog at most ${grouped(stream.maxBacklog)} frames`);
  const backlog = await page.evaluate(() => window.__mcpscopeLogBench.lintBacklog());
  record('  JS heap after GC, right after the stream', mb(await heapAfterGc()), `${grouped(backlog)} frames not linted yet`);
  // The lint runner works through its backlog in 4 ms slices; the heap once it has caught up.
  const lintDrained = () =>
    page.evaluate(async () => {
      const start = performance.now();
      while (window.__mcpscopeLogBench.lintBacklog() > 0) await new Promise((r) => setTimeout(r, 20));
      return performance.now() - start;
    });
  const drained = await lintDrained();
  record('  JS heap after GC, once every frame is linted', mb(await heapAfterGc()), `lint caught up ${ms(drained)} after the stream`);

  // 2. Scrolling through 100,000 rows.
  const jumps = await page.evaluate(async () => {
    const body = window.__lb.body();
    const out = [];
    for (const f of [0, 0.25, 0.5, 0.75, 1, 0.1, 0.9]) {
      const start = performance.now();
      body.scrollTop = f * (body.scrollHeight - body.clientHeight);
      await window.__lb.painted();
      out.push(performance.now() - start);
    }
    return out.sort((a, b) => a - b);
  });
  record('jump-scroll to a far position, to painted, median / max', `${ms(pct(jumps, 50))} / ${ms(jumps.at(-1))}`, '7 jumps');
  const glide = await page.evaluate(async () => {
    const body = window.__lb.body();
    body.scrollTop = 0;
    await window.__lb.painted();
    const gaps = [];
    let last = performance.now();
    for (let i = 0; i < 240; i++) {
      body.scrollTop += 120;
      await new Promise((r) => requestAnimationFrame(r));
      const now = performance.now();
      gaps.push(now - last);
      last = now;
    }
    return gaps.sort((a, b) => a - b);
  });
  record('continuous scroll, 120 px per frame for 240 frames: frame p50 / p95 / max', `${ms(pct(glide, 50))} / ${ms(pct(glide, 95))} / ${ms(glide.at(-1))}`);

  // 3. Filters over 100,000 frames (time until the new count is painted).
  const filters = await page.evaluate(async (all) => {
    const lb = window.__lb;
    const out = {};
    const change = async (name, act, until) => {
      const start = performance.now();
      act();
      out[name] = await lb.until(until, start);
    };
    const changed = (before) => (t) => t !== before;
    await change('method = ping', () => lb.setValue(lb.field('Method'), 'ping'), changed(lb.showing()));
    await change(
      'method = all',
      () => lb.setValue(lb.field('Method'), ''),
      (t) => t.startsWith(all),
    );
    await change('search "message 4999"', () => lb.setValue(lb.field('Search'), 'message 4999'), changed(lb.showing()));
    await change(
      'search cleared',
      () => lb.setValue(lb.field('Search'), ''),
      (t) => t.startsWith(all),
    );
    const chip = [...document.querySelectorAll('[role="group"][aria-label="Direction"] button')].find((b) => b.textContent.startsWith('in'));
    await change('direction = in', () => chip.click(), changed(lb.showing()));
    await change(
      'direction = all',
      () => chip.click(),
      (t) => t.startsWith(all),
    );
    return out;
  }, all);
  for (const [name, t] of Object.entries(filters)) record(`filter: ${name}`, ms(t.painted), `DOM updated at ${ms(t.committed)}`);

  // 4. Export and re-import the 100,000 frames.
  const log = page.getByRole('tabpanel', { name: 'Log' });
  let t0 = performance.now();
  const [download] = await Promise.all([page.waitForEvent('download'), log.getByRole('button', { name: 'Export log' }).click()]);
  const file = join(downloads, download.suggestedFilename());
  await download.saveAs(file);
  record(`export ${grouped(FRAMES)} frames to a download`, ms(performance.now() - t0), 'click to saved file, measured from node');
  t0 = performance.now();
  await log.getByLabel('Import log').setInputFiles(file);
  await log.getByText(`, ${grouped(FRAMES)} frames`).waitFor();
  await log.getByText(all).waitFor();
  record(`import the ${grouped(FRAMES)}-frame file`, ms(performance.now() - t0), 'file chosen to rows shown, measured from node');

  // 5. One burst of FRAMES appended at once into an empty log.
  await open();
  const bulk = await page.evaluate(
    async ({ frames, all }) => {
      const start = performance.now();
      const appendMs = window.__mcpscopeLogBench.append(frames);
      const done = await window.__lb.until((t) => t.startsWith(all), start);
      return { appendMs, ...done };
    },
    { frames: FRAMES, all },
  );
  record(`append ${grouped(FRAMES)} frames in one go`, ms(bulk.appendMs), 'store appends: classify, pair, size');
  record('  then rendered and painted', ms(bulk.painted), 'from the first append');
  const bulkBacklog = await page.evaluate(() => window.__mcpscopeLogBench.lintBacklog());
  record('  JS heap after GC, once painted', mb(await heapAfterGc()), `${grouped(bulkBacklog)} frames not linted yet`);
  const bulkDrained = await lintDrained();
  record('  JS heap after GC, once every frame is linted', mb(await heapAfterGc()), `lint caught up ${ms(bulkDrained)} later`);
} finally {
  chromiumVersion = browser.version();
  await browser.close();
  await proxy.stop();
  await rm(downloads, { recursive: true, force: true });
}
console.log(`\nChromium ${chromiumVersion}, node ${process.version}, viewport 1400×1000`);
