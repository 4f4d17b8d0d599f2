// Build benchmark: median cold and warm `npm run build`, bytes a doc page ships (HTML, CSS, gzip), and the
// content ×10 built into a temp folder, each printed beside its budget. `-- --scale 100` also builds the
// content ×100 and compares its pages per second with ×10's (a build whose per-page work grows with the
// page count shows here first).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const { values: args } = parseArgs({ options: { scale: { type: 'string', default: '10' } } });
const SCALE = Math.max(10, Number(args.scale));

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

interface BuildRun {
  seconds: number;
  peakMiB: number;
  pages: number;
}

/** `npm run build` itself, npm's own start-up (~0.2 s here) included. */
function build(args: string[] = [], env: NodeJS.ProcessEnv = {}): BuildRun {
  const started = performance.now();
  const result = spawnSync('npm', ['run', '--silent', 'build', '--', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`build failed:\n${result.stdout}\n${result.stderr}`);
  const peak = /peak memory (\d+) MiB/.exec(result.stdout);
  const pages = /Built (\d+) pages/.exec(result.stdout);
  return { seconds, peakMiB: Number(peak?.[1] ?? 0), pages: Number(pages?.[1] ?? 0) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const row = (label: string, figure: string, budget: string, ok: boolean) =>
  console.log(`${ok ? 'ok  ' : 'OVER'}  ${label.padEnd(44)} ${figure.padStart(12)}   budget ${budget}`);

const cold: number[] = [];
for (let i = 0; i < RUNS; i++) {
  fs.rmSync(path.join(ROOT, '.cache'), { recursive: true, force: true });
  fs.rmSync(path.join(ROOT, '.build'), { recursive: true, force: true });
  cold.push(build().seconds);
}
const warm: number[] = [];
for (let i = 0; i < RUNS; i++) warm.push(build().seconds);

const site = path.join(ROOT, '_site');
const gz = (file: string) => gzipSync(fs.readFileSync(file), { level: 9 }).length;
const htmlFiles = (fs.readdirSync(site, { recursive: true }) as string[]).filter(
  (f) => f.endsWith('.html') && !f.endsWith('404.html'),
);
const docPages = htmlFiles.filter((f) => fs.readFileSync(path.join(site, f), 'utf8').includes('data-page-type="doc"'));
/** A page as a first visit receives it: its HTML with the inline stylesheets, gzip as a host sends it (level 6). */
const firstResponse = (file: string) => gzipSync(fs.readFileSync(path.join(site, file))).length;
/** Its markup alone: the HTML without the inline stylesheets' text. */
const markup = (file: string) =>
  gzipSync(fs.readFileSync(path.join(site, file), 'utf8').replace(/(<style[^>]*>)[\s\S]*?<\/style>/g, '$1</style>'), {
    level: 9,
  }).length;
/** TCP's first window (10 segments of 1,460 bytes) less about 300 bytes of response headers. */
const FIRST_ROUND_TRIP = 14_600 - 300;
const retry = markup('config/test/retry.html');
const avgDoc = docPages.reduce((sum, f) => sum + gz(path.join(site, f)), 0) / docPages.length;
const cssFiles = fs.readdirSync(path.join(ROOT, '.build/assets')).filter((f) => f.endsWith('.css'));
const css = cssFiles.reduce((sum, f) => sum + gz(path.join(ROOT, '.build/assets', f)), 0);

/** The content ×n: the real pages plus n-1 copies of each language folder nested under copy-N/, built. */
function scaled(n: number): BuildRun {
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), `docs-x${n}-`));
  try {
    const content = path.join(temp, 'content');
    fs.cpSync(path.join(ROOT, 'content'), content, { recursive: true });
    for (const lang of ['en', 'zh']) {
      for (let i = 1; i < n; i++)
        fs.cpSync(path.join(ROOT, 'content', lang), path.join(content, lang, `copy-${i}`), { recursive: true });
    }
    return build(['--output', path.join(temp, 'out'), '--skip-widgets'], { DOCS_CONTENT: content });
  } finally {
    fs.rmSync(temp, { recursive: true, force: true });
  }
}
const x10 = scaled(10);
const xN = SCALE > 10 ? scaled(SCALE) : undefined;
const perSecond = (run: BuildRun) => run.pages / run.seconds;

console.log(`\nBuild benchmark (${RUNS} runs each, ${os.cpus().length} cores, Node ${process.version})\n`);
// The build budgets are the Eleventy rewrite's (its issue gave them slack for building the idiomatic way).
row('cold build, median (no caches)', `${median(cold).toFixed(2)} s`, '≤ 5 s', median(cold) <= 5);
row('warm build, median', `${median(warm).toFixed(2)} s`, '≤ 2.5 s', median(warm) <= 2.5);
row('CSS, gzip', `${(css / 1024).toFixed(1)} KB`, '≤ 14 KB', css <= 14 * 1024);
row('/config/test/retry markup, gzip', `${(retry / 1024).toFixed(1)} KB`, '≤ 8 KB', retry <= 8 * 1024);
for (const [label, file] of [
  ['/', 'index.html'],
  ['/config/test/retry', 'config/test/retry.html'],
  // The Chinese page: its text takes more bytes per word than the English one's.
  ['/zh/config/test/retry', 'zh/config/test/retry.html'],
]) {
  const bytes = firstResponse(file);
  row(
    `${label} first response (HTML + inline CSS), gzip`,
    `${bytes} B`,
    `≤ ${FIRST_ROUND_TRIP} B (first round trip)`,
    bytes <= FIRST_ROUND_TRIP,
  );
}
row(`doc page HTML, gzip, mean of ${docPages.length}`, `${(avgDoc / 1024).toFixed(1)} KB`, '(info)', true);
row(`content ×10 (${x10.pages} pages), time`, `${x10.seconds.toFixed(2)} s`, '≤ 16 s', x10.seconds <= 16);
row('content ×10, peak memory', `${x10.peakMiB} MiB`, '≤ 1024 MiB', x10.peakMiB <= 1024);
row('content ×10, pages per second', `${perSecond(x10).toFixed(0)}`, '(info)', true);
if (xN) {
  row(`content ×${SCALE} (${xN.pages} pages), time`, `${xN.seconds.toFixed(1)} s`, '≤ 120 s', xN.seconds <= 120);
  row(`content ×${SCALE}, peak memory`, `${xN.peakMiB} MiB`, '≤ 4096 MiB', xN.peakMiB <= 4096);
  row(
    `content ×${SCALE}, pages per second`,
    `${perSecond(xN).toFixed(0)}`,
    `≥ ×10's (${perSecond(x10).toFixed(0)})`,
    perSecond(xN) >= perSecond(x10),
  );
}
console.log(
  `\ncold runs: ${cold.map((s) => s.toFixed(2)).join(', ')} s; warm runs: ${warm.map((s) => s.toFixed(2)).join(', ')} s`,
);
