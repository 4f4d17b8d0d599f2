// `node --import tsx bench/navigation.ts`: the time from a click on a preloaded internal link to the new
// content on screen (the first frame after the client router's swap), at 1280 px and 375 px in Chromium.
// Prints the median beside the budget (≤ 50 ms). Needs a built site (npm run build, or DOCS_SITE_DIR).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchChromium, newOfflineContext } from '../test/support/browser.ts';
import { startStaticServer } from '../test/support/static-server.ts';

const SITE = path.resolve(process.env.DOCS_SITE_DIR ?? path.join(import.meta.dirname, '../_site'));
const BUDGET_MS = 50;
const CHANGES = 20;
const START = '/config/test/root';

interface Sample {
  /** Click → the router has swapped the page (docs:page-change). */
  swap: number;
  /** Click → the first frame with the new content has been painted. */
  shown: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.9) - 1)];

if (!fs.existsSync(path.join(SITE, 'index.html'))) {
  console.error(`No built site in ${SITE}: run npm run build first.`);
  process.exit(1);
}

const server = await startStaticServer(SITE);
const browser = await launchChromium();
const results: { label: string; samples: Sample[]; fullLoads: number[] }[] = [];
const MODES = [
  { name: 'view transition', reducedMotion: 'no-preference' },
  { name: 'reduced motion, no transition', reducedMotion: 'reduce' },
] as const;

/** For context on a busy machine: the same click as a full page load (click → first contentful paint). */
async function fullLoadTimes(page: import('playwright-core').Page, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const href = (await page.locator('.pager.next').getAttribute('href'))!;
    // rel=external: the router leaves the link to the browser.
    await page.evaluate((href) => {
      const a = Object.assign(document.createElement('a'), { href, rel: 'external', textContent: 'next' });
      a.style.cssText = 'position:fixed;left:8px;bottom:8px;z-index:99999';
      a.addEventListener('click', (e) => sessionStorage.setItem('bench-click', String(performance.timeOrigin + e.timeStamp)));
      document.body.append(a);
    }, href);
    await Promise.all([page.waitForEvent('load'), page.click('a[rel="external"]')]);
    times.push(
      await page.evaluate(
        () =>
          new Promise<number>((resolve) =>
            new PerformanceObserver((list) => {
              const fcp = list.getEntries().find((e) => e.name === 'first-contentful-paint');
              if (fcp) resolve(performance.timeOrigin + fcp.startTime - Number(sessionStorage.getItem('bench-click')));
            }).observe({ type: 'paint', buffered: true }),
          ),
      ),
    );
  }
  return times;
}
try {
  for (const [width, mode] of [1280, 375].flatMap((w) => MODES.map((m) => [w, m] as const))) {
    const context = await newOfflineContext(browser, { viewport: { width, height: 800 }, reducedMotion: mode.reducedMotion });
    const page = await context.newPage();
    await page.goto(server.url + START);
    await page.evaluate(() => {
      const w = window as unknown as { __samples: Sample[]; __click: number };
      w.__samples = [];
      // The click's own timestamp: when the input happened, before any handler ran.
      window.addEventListener('click', (e) => (w.__click = e.timeStamp), true);
      document.addEventListener('docs:page-change', () => {
        const swap = performance.now() - w.__click;
        // (No named function here: tsx would wrap it in a helper the page does not have.)
        const record = { swap, shown: 0 };
        const shown = setTimeout.bind(window, () => w.__samples.push({ ...record, shown: performance.now() - w.__click }), 0);
        // The first frame with the new page: with a view transition, the one that sets up its pseudo-elements
        // (\`ready\` resolves in it, the task after runs once it is painted; rAF callbacks are held back while
        // the transition captures, so a rAF would land a frame late); without one, the frame after the swap
        // (rAF runs before its paint, the task after it once it is out).
        const transition = (document as Document & { activeViewTransition?: ViewTransition | null }).activeViewTransition;
        if (transition) transition.ready.then(shown, shown);
        else requestAnimationFrame(shown);
      });
    });
    for (let i = 0; i < CHANGES; i++) {
      const next = page.locator('.pager.next');
      const href = (await next.getAttribute('href'))!;
      await next.hover();
      // Preloaded: the page's HTML has arrived before the click.
      await page.waitForFunction((href) => performance.getEntriesByType('resource').some((e) => e.name.endsWith(href) && (e as PerformanceResourceTiming).responseEnd > 0), href);
      await next.click();
      await page.waitForFunction((n) => (window as unknown as { __samples: Sample[] }).__samples.length === n, i + 1);
      await page.waitForFunction(() => document.getAnimations().length === 0);
    }
    const samples = await page.evaluate(() => (window as unknown as { __samples: Sample[] }).__samples);
    results.push({ label: `${width} px, ${mode.name}`, samples, fullLoads: await fullLoadTimes(page, 10) });
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}

console.log(`Load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} on ${os.cpus().length} CPUs (timings scale with it)`);
console.log(`Client-side page change: click on a preloaded link → new content painted (${CHANGES} changes from ${START}, Chromium headless)`);
let over = false;
for (const { label, samples, fullLoads } of results) {
  const shown = samples.map((s) => s.shown);
  const m = median(shown);
  over ||= m > BUDGET_MS;
  console.log(
    `  ${label.padEnd(40)} median ${m.toFixed(1)} ms (p90 ${p90(shown).toFixed(1)} ms; swap done at ${median(samples.map((s) => s.swap)).toFixed(1)} ms)   budget ≤ ${BUDGET_MS} ms  ${m > BUDGET_MS ? 'OVER' : 'ok'}` +
      `   [same click as a full page load: median ${median(fullLoads).toFixed(1)} ms to first paint]`,
  );
}
process.exitCode = over ? 1 : 0;
