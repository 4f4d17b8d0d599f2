// Size benchmark (issues 3, 12 and 16): gzip bytes of the JavaScript and CSS a doc page loads until it is idle
// (loaded, its first idle callback run, the network quiet again: what a reader who touches no widget pays
// for; search's modules, which it then fetches without running them, apart), the inline boot script, the stand-alone embed script with its largest modules and its on-demand parts
// (search, tools popover), and the first interaction with each widget under a 4× CPU slowdown (bench/interaction.ts); each figure
// beside its budget. Usage: node --import tsx bench/size.ts [route ...] (the built site: `npm run build` first;
// DOCS_SITE_DIR points at another build; BENCH_RUNS sets the interaction runs, 0 skips them).
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium, newOfflineContext } from '../test/support/browser.ts';
import { startStaticServer } from '../test/support/static-server.ts';
import { embedReport } from './embed-modules.ts';
import { measureInteractions, printInteractions } from './interaction.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SITE = path.resolve(process.env.DOCS_SITE_DIR ?? path.join(ROOT, '_site'));
const ROUTES = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['/guide/start/quick-start', '/api/test-api/expect'];
const KB = 1024;
const BUDGET_JS_UNTIL_IDLE = 80 * KB;
const BUDGET_INLINE = 1 * KB;
const INTERACTION_RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** The stand-alone script: React 19 alone is about 66 KB of it. */
const BUDGET_EMBED = 80 * KB;
/** How many of embed.js's modules the report lists. */
const TOP_MODULES = 15;
/** What Rspress 2 loads for the same page (issue 3), for comparison. */
const RSPRESS_JS = 207.5 * KB;
/** The modules <doc-search> needs, which a page fetches once idle without running them (vite.config.ts). */
const SEARCH_MODULES = path.join(SITE, 'assets/search-modules.json');
const searchModules = new Set<string>(
  fs.existsSync(SEARCH_MODULES)
    ? (JSON.parse(fs.readFileSync(SEARCH_MODULES, 'utf8')) as string[]).map((file) => `/assets/${file}`)
    : [],
);

const gzip = (bytes: Buffer | string) => gzipSync(bytes).length;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const row = (label: string, figure: string, budget = '', ok = true) =>
  console.log(
    `${budget ? (ok ? 'ok  ' : 'OVER') : '    '}  ${label.padEnd(52)} ${figure.padStart(10)}${budget ? `   budget ${budget}` : ''}`,
  );

interface Loaded {
  file: string;
  kind: 'js' | 'css';
  gzip: number;
  beforeIdle: boolean;
  renderBlocking: boolean;
}

if (!fs.existsSync(path.join(SITE, 'index.html'))) {
  console.error(`Build the site first (npm run build): ${SITE} has no index.html`);
  process.exit(1);
}

const server = await startStaticServer(SITE);
const browser = await launchChromium();
let over = false;

try {
  for (const route of ROUTES) {
    const context = await newOfflineContext(browser, { viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    // Registered before any page script: this idle callback is the first one after the load event.
    await page.addInitScript(() => {
      const w = window as unknown as { idleAt?: number };
      addEventListener('load', () => requestIdleCallback(() => (w.idleAt = performance.now())));
    });
    await page.goto(server.url + route, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => (window as unknown as { idleAt?: number }).idleAt !== undefined);
    // Let what starts at idle (the elements and React) finish too.
    await page.waitForLoadState('networkidle');

    const { idleAt, resources, inline, inlineCss, blocking } = await page.evaluate(() => ({
      idleAt: (window as unknown as { idleAt: number }).idleAt,
      resources: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => ({
        url: r.name,
        start: r.startTime,
      })),
      inline: [...document.querySelectorAll('script:not([src])')]
        .filter((s) => !s.getAttribute('type') || s.getAttribute('type') === 'module')
        .map((s) => s.textContent ?? ''),
      // The stylesheets the page carries inline (built pages: lib/assets.ts withInlineStyles).
      inlineCss: [...document.querySelectorAll('style[data-sheet]')].map((s) => s.textContent ?? ''),
      // External scripts that block parsing, and stylesheets (render-blocking by nature).
      blocking: [...document.querySelectorAll<HTMLScriptElement>('head script[src]')]
        .filter((s) => !s.defer && !s.async && s.type !== 'module')
        .map((s) => s.src),
    }));

    const loaded: Loaded[] = [];
    for (const { url, start } of resources) {
      const { pathname, origin } = new URL(url);
      if (origin !== server.url || !/\.(js|css)$/.test(pathname)) continue;
      const file = path.join(SITE, decodeURIComponent(pathname));
      if (!fs.existsSync(file)) continue;
      loaded.push({
        file: pathname,
        kind: pathname.endsWith('.css') ? 'css' : 'js',
        gzip: gzip(fs.readFileSync(file)),
        beforeIdle: start < idleAt,
        renderBlocking: blocking.includes(url),
      });
    }
    const inlineGzip = inline.reduce((sum, code) => sum + gzip(code), 0);
    const sum = (items: Loaded[]) => items.reduce((s, l) => s + l.gzip, 0);
    // Search's modules, which the page fetches when idle and does not run (issue 38), are counted apart.
    const prefetched = sum(loaded.filter((l) => searchModules.has(l.file)));
    const js = loaded.filter((l) => l.kind === 'js' && !searchModules.has(l.file));
    const jsBefore = sum(js.filter((l) => l.beforeIdle)) + inlineGzip;
    const jsAfter = sum(js.filter((l) => !l.beforeIdle));
    const css = sum(loaded.filter((l) => l.kind === 'css'));
    const blockingJs = js.filter((l) => l.renderBlocking);

    console.log(`\n${route}`);
    for (const l of loaded)
      console.log(
        `        ${searchModules.has(l.file) ? 'prefetched ' : l.beforeIdle ? 'before idle' : 'after idle '}  ${l.file.padEnd(40)} ${kb(l.gzip).padStart(10)}`,
      );
    console.log(`        before idle  (inline boot script)${''.padEnd(19)} ${kb(inlineGzip).padStart(10)}`);
    const untilIdle = jsBefore + jsAfter;
    row(
      'JS until idle (gzip, inline boot included)',
      kb(untilIdle),
      `≤ ${kb(BUDGET_JS_UNTIL_IDLE)}`,
      untilIdle <= BUDGET_JS_UNTIL_IDLE,
    );
    row('  of which before the first idle callback', kb(jsBefore));
    row('search’s modules, fetched when idle, not run (apart)', kb(prefetched));
    row('inline boot script (gzip)', kb(inlineGzip), `≤ ${kb(BUDGET_INLINE)}`, inlineGzip <= BUDGET_INLINE);
    row('render-blocking external scripts', String(blockingJs.length), '0', blockingJs.length === 0);
    row(`JS in total (gzip; Rspress 2 loads ${kb(RSPRESS_JS)})`, kb(untilIdle + prefetched));
    row('CSS fetched (gzip)', kb(css));
    row('CSS inline in the page (gzip, alone)', kb(inlineCss.reduce((sum, text) => sum + gzip(text), 0)));
    over ||= untilIdle > BUDGET_JS_UNTIL_IDLE || inlineGzip > BUDGET_INLINE || blockingJs.length > 0;
    await context.close();
  }

  const embed = path.join(SITE, 'assets', 'embed.js');
  const searchPart = path.join(SITE, 'assets', 'embed-search.js');
  const toolsPart = path.join(SITE, 'assets', 'embed-tools.js');
  console.log('\nstand-alone script');
  if (fs.existsSync(embed)) {
    const bytes = gzip(fs.readFileSync(embed));
    row(
      `assets/embed.js (gzip: ${bytes} bytes; every element, React included)`,
      kb(bytes),
      `≤ ${kb(BUDGET_EMBED)}`,
      bytes <= BUDGET_EMBED,
    );
    over ||= bytes > BUDGET_EMBED;
    if (fs.existsSync(searchPart))
      row(
        'assets/embed-search.js (gzip; the search modal and engine, on demand)',
        kb(gzip(fs.readFileSync(searchPart))),
      );
    if (fs.existsSync(toolsPart))
      row('assets/embed-tools.js (gzip; the tools popover and list, on demand)', kb(gzip(fs.readFileSync(toolsPart))));
    // The same script built again from the sources with a source map: which modules its bytes come from.
    const report = await embedReport('main');
    if (report.gzip !== bytes)
      console.log(
        `        (the sources now build to ${report.gzip} bytes gzip: rebuild for the figure above to match)`,
      );
    console.log(`\n        largest modules of embed.js (minified bytes; gzip of each alone)`);
    for (const m of report.modules.slice(0, TOP_MODULES))
      console.log(`        ${m.module.padEnd(56)} ${String(m.bytes).padStart(8)} ${kb(m.gzip).padStart(10)}`);
    const rest = report.modules.slice(TOP_MODULES);
    console.log(
      `        ${`${rest.length} more`.padEnd(56)} ${String(rest.reduce((s, m) => s + m.bytes, 0)).padStart(8)} ${kb(rest.reduce((s, m) => s + m.gzip, 0)).padStart(10)}`,
    );
  } else {
    console.log('        assets/embed.js is missing');
    over = true;
  }
} finally {
  await browser.close();
  await server.close();
}
if (INTERACTION_RUNS > 0) over = !printInteractions(await measureInteractions(SITE, INTERACTION_RUNS)) || over;
process.exit(over ? 1 : 0);
