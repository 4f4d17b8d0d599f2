// `node --import tsx bench/navigation.ts`: the time from a click on a preloaded internal link to the new
// content on screen (the browser's presentation time of the first frame showing the new page's heading), at
// 1280 px and 375 px in Chromium. Prints the median beside the budget (≤ 50 ms) for the site as built, and for
// information the same with themeConfig.enableContentAnimation switched on in the page (the router then uses a
// view transition). Needs a built site (npm run build, or DOCS_SITE_DIR).
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
  /** Click → the main thread has produced the first frame after the swap (rAF, then the task after it). */
  frame: number;
  /** Click → the first frame with the new content was presented. */
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
const results: { label: string; budget: boolean; samples: Sample[]; fullLoads: number[] }[] = [];
const MODES = [
  { name: 'as built (swap within the click)', contentAnimation: false, budget: true },
  { name: 'content animation on (view transition)', contentAnimation: true, budget: false },
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
      a.addEventListener('click', (e) =>
        sessionStorage.setItem('bench-click', String(performance.timeOrigin + e.timeStamp)),
      );
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
    const context = await newOfflineContext(browser, { viewport: { width, height: 800 } });
    const page = await context.newPage();
    await page.goto(server.url + START);
    await page.evaluate((contentAnimation) => {
      const w = window as unknown as {
        __samples: Sample[];
        __click: number;
        __pending: Map<string, Sample & { click: number }>;
        __animateContent: () => void;
      };
      w.__samples = [];
      w.__pending = new Map();
      // The click's own timestamp: when the input happened, before any handler ran.
      window.addEventListener('click', (e) => (w.__click = e.timeStamp), true);
      // "Shown" is when the browser presented the first frame with the new page's heading: Element Timing
      // (renderTime is the frame's presentation time), the same for a view transition and a plain swap. (A rAF
      // is held back while a view transition captures, and the task after `ready` runs before the frame that
      // paints the new state: neither marks the frame a reader sees.)
      let n = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { renderTime: number; identifier: string })[]) {
          const sample = w.__pending.get(entry.identifier);
          if (!sample) continue;
          w.__pending.delete(entry.identifier);
          sample.shown = entry.renderTime - sample.click;
          w.__samples.push(sample);
        }
      }).observe({ type: 'element', buffered: false });
      // What enableContentAnimation renders, put on each page as it arrives: the flag in the site data and the
      // class that names the content column for the transition.
      // (A property, not a const: tsx would wrap a named function in a helper the page does not have.)
      w.__animateContent = () => {
        if (!contentAnimation) return;
        const root = document.documentElement;
        root.dataset.site = JSON.stringify({ ...JSON.parse(root.dataset.site ?? '{}'), enableContentAnimation: true });
        document.querySelector('.doc-container')?.classList.add('animate');
      };
      w.__animateContent();
      document.addEventListener('docs:page-change', () => {
        const id = `nav-${++n}`;
        const sample = { click: w.__click, swap: performance.now() - w.__click, frame: 0, shown: 0 };
        w.__pending.set(id, sample);
        requestAnimationFrame(() => setTimeout(() => (sample.frame = performance.now() - sample.click)));
        document.querySelector('.doc-content h1')?.setAttribute('elementtiming', id);
        w.__animateContent();
      });
    }, mode.contentAnimation);
    for (let i = 0; i < CHANGES; i++) {
      const next = page.locator('.pager.next');
      const href = (await next.getAttribute('href'))!;
      await next.hover();
      // Preloaded: the page's HTML has arrived before the click.
      await page.waitForFunction(
        (href) =>
          performance
            .getEntriesByType('resource')
            .some((e) => e.name.endsWith(href) && (e as PerformanceResourceTiming).responseEnd > 0),
        href,
      );
      await next.click();
      await page.waitForFunction(
        (n) => (window as unknown as { __samples: Sample[] }).__samples.filter((s) => s.frame > 0).length === n,
        i + 1,
      );
      await page.waitForFunction(() => document.getAnimations().length === 0);
    }
    const samples = await page.evaluate(() => (window as unknown as { __samples: Sample[] }).__samples);
    results.push({
      label: `${width} px, ${mode.name}`,
      budget: mode.budget,
      samples,
      fullLoads: await fullLoadTimes(page, 10),
    });
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}

console.log(
  `Load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${os.cpus().length} CPUs (timings scale with it)`,
);
console.log(
  `Client-side page change: click on a preloaded link → new content presented (${CHANGES} changes from ${START}, Chromium headless)`,
);
let over = false;
for (const { label, budget, samples, fullLoads } of results) {
  const shown = samples.map((s) => s.shown);
  const m = median(shown);
  if (budget) over ||= m > BUDGET_MS;
  console.log(
    `  ${label.padEnd(52)} median ${m.toFixed(1)} ms (p90 ${p90(shown).toFixed(1)} ms; swap done at ${median(samples.map((s) => s.swap)).toFixed(1)} ms, frame produced at ${median(samples.map((s) => s.frame)).toFixed(1)} ms)   ${budget ? `budget ≤ ${BUDGET_MS} ms  ${m > BUDGET_MS ? 'OVER' : 'ok'}` : '(information)'}` +
      `   [same click as a full page load: median ${median(fullLoads).toFixed(1)} ms to first paint]`,
  );
}
process.exitCode = over ? 1 : 0;
