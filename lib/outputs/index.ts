// Files written beside the pages: each page's Markdown, llms.txt / llms-full.txt per language, sitemap, robots,
// the search index's files, the redirect pages. Written as soon as the model exists (eleventy/plugin.ts), a bounded
// number at a time; each file's text is made when it is written, not all of them up front; a search index file an
// earlier build wrote whole is kept (its name carries a hash of its content).
import fs from 'node:fs';
import path from 'node:path';
import { brandSpriteFile, brandSpriteSvg } from '../../common/brand-marks.ts';
import { markdownPathOfRoute } from '../../common/routes.ts';
import { publicFiles } from '../public-files.ts';
import { redirectFiles } from '../redirects.ts';
import { searchManifest, setDigest, setFiles } from '../search/index-files.ts';
import { SEARCH_MANIFEST_FILE } from '../../common/search/record.ts';
import { bytesOf } from '../stored-text.ts';
import type { SiteModel, SitePage } from '../model.ts';

/** Side-output files written at once (each holds a file descriptor until it is written). */
const WRITES_AT_ONCE = 64;

const published = (model: SiteModel) => model.pages.filter((p) => p.data.pageType !== '404');

/**
 * A side output's content: its text, or its parts in order (UTF-8 bytes or text), made as they are written: the
 * published Markdown of a large site, all at once, was as large as its pages' sources.
 */
export type OutputContent = string | Iterable<Buffer | string>;

/**
 * A side output: [path inside the output folder, its content when asked (nothing is made until then), whether its
 * name carries a hash of its content].
 */
type SideOutput = [file: string, content: () => OutputContent, hashed?: boolean];

/** Every side output. */
export function sideOutputEntries(model: SiteModel): SideOutput[] {
  const files: SideOutput[] = [];
  const pages = published(model);
  for (const page of pages) files.push([markdownPathOfRoute(page.route), () => bytesOf(page, 'markdown')]);
  for (const locale of model.site.locales) {
    // The default version only (every page of a multi-version site has a version; older ones stay out).
    const inLocale = pages.filter(
      (p) => p.data.lang === locale.lang && (p.data.version || model.site.defaultVersion) === model.site.defaultVersion,
    );
    const prefix = locale.prefix.replace(/^\//, '');
    files.push([path.join(prefix, 'llms.txt'), () => llmsIndex(model, locale.lang, inLocale)]);
    files.push([path.join(prefix, 'llms-full.txt'), () => llmsFull(inLocale)]);
  }
  // Sitemaps need absolute URLs: without siteUrl there is none.
  const siteUrl = model.site.config.siteUrl;
  if (siteUrl) files.push(['sitemap.xml', () => sitemap(model, pages)]);
  for (const set of model.searchIndex.sets) {
    // Named by a hash of their content, except under the dev server (`….dev.json`).
    const hashed = setDigest(set) !== undefined;
    for (const file of setFiles(set)) files.push([file.file, () => bytesOf(file, 'json'), hashed]);
  }
  if (model.searchIndex.sets.length)
    files.push([SEARCH_MANIFEST_FILE, () => searchManifest(model.searchIndex, model.site)]);
  const langOf = (route: string) =>
    model.site.locales.find((l) => l.prefix && route.startsWith(`${l.prefix}/`))?.lang ?? model.site.config.lang;
  for (const [file, text] of redirectFiles(model.redirects, siteUrl, langOf)) files.push([file, () => text]);
  // The social links' marks, which the navbar draws from this one file (common/brand-marks.ts).
  files.push([path.join('assets', brandSpriteFile()), () => brandSpriteSvg()]);
  files.push([
    'robots.txt',
    () => `User-agent: *\nAllow: /\n${siteUrl ? `Sitemap: ${siteUrl}${model.site.config.base}sitemap.xml\n` : ''}`,
  ]);
  return files;
}

/** The text of a side output's content. */
export function outputText(content: OutputContent): string {
  if (typeof content === 'string') return content;
  return Buffer.concat([...content].map((part) => (typeof part === 'string' ? Buffer.from(part) : part))).toString();
}

/** Every side output as [path inside the output folder, text]. */
export function sideOutputs(model: SiteModel): [string, string][] {
  return sideOutputEntries(model).map(([file, content]) => [file, outputText(content())]);
}

/** llms-full.txt: every page's Markdown, one after another, made a page at a time. */
function* llmsFull(pages: SitePage[]): Generator<string> {
  for (let i = 0; i < pages.length; i++) yield `${i ? '\n\n---\n\n' : ''}${pages[i].markdown.trim()}`;
  yield '\n';
}

/**
 * A file whose name carries a hash of its content (the search index's): one already there with the same size is
 * that content, from an earlier build, and is only marked as this build's (its modification time, which
 * scripts/build.ts reads to remove what a build did not write), not written again. A warm build of this site
 * rewrote 2,600 of them, a tenth of a second or two. `present`: the names in the file's folder before the writes
 * began (a name not there is written without asking the disk).
 */
function keepOrWrite(file: string, content: OutputContent, present: Set<string>): Promise<void> {
  const parts = typeof content === 'string' ? [content] : [...content];
  const size = parts.reduce((sum, part) => sum + (typeof part === 'string' ? Buffer.byteLength(part) : part.length), 0);
  if (present.has(path.basename(file)) && fs.statSync(file, { throwIfNoEntry: false })?.size === size) {
    const now = new Date();
    fs.utimesSync(file, now, now);
    return Promise.resolve();
  }
  return writeOutput(file, parts);
}

async function writeOutput(file: string, content: OutputContent): Promise<void> {
  if (typeof content === 'string') return fs.promises.writeFile(file, content);
  const handle = await fs.promises.open(file, 'w');
  try {
    for (const part of content) await (typeof part === 'string' ? handle.write(part) : handle.write(part));
  } finally {
    await handle.close();
  }
}

/**
 * The files copied as they are: those of the public folder that public-files.ts lets out (no hidden files, no links
 * out of the folder), then the co-located images under the names the pages use; as [source, path in the output].
 */
function copiedFiles(model: SiteModel): [string, string][] {
  const { publicDir } = model.site;
  return [
    ...publicFiles(publicDir).files.map((file): [string, string] => [path.join(publicDir, file), file]),
    ...model.files,
  ];
}

/** Every path (inside the output folder) that writeSideOutputs writes for `model`. */
export function sideOutputFiles(model: SiteModel): string[] {
  return [...sideOutputEntries(model).map(([file]) => file), ...copiedFiles(model).map(([, target]) => target)];
}

/**
 * Writes the side outputs into `outDir`. `only` (the dev server's build of one edited page): those whose path it
 * accepts, and of the files copied, the co-located images alone (an edit may have added one). `live` (the dev
 * server): the author may delete a file while this runs; a copy whose source is gone is skipped, as the build that
 * the deletion starts reports what is missing. `unchanged`: files that hold what an earlier call wrote (the dev
 * server's search index, kept from its first build), not written again.
 */
export async function writeSideOutputs(
  model: SiteModel,
  outDir: string,
  {
    only,
    live = false,
    unchanged,
  }: { only?: (file: string) => boolean; live?: boolean; unchanged?: (file: string) => boolean } = {},
): Promise<void> {
  const files = sideOutputEntries(model).filter(([file]) => (!only || only(file)) && !unchanged?.(file));
  const copies = only ? [...model.files] : copiedFiles(model);
  // Each file's place in the output folder, worked out once (a large site has hundreds of thousands).
  const outputs = files.map(([file, content, hashed]) => {
    const target = path.join(outDir, file);
    return { target, dir: path.dirname(target), content, hashed };
  });
  const dirs = new Set([
    ...outputs.map(({ dir }) => dir),
    ...copies.map(([, target]) => path.dirname(path.join(outDir, target))),
  ]);
  // The names already in each folder of hashed files, read once: asking the disk about each file of a large site
  // (233,000 at content ×100, new in a fresh output folder) took 6.5 s.
  const present = new Map<string, Set<string>>();
  for (const { dir, hashed } of outputs) {
    if (hashed && !present.has(dir)) present.set(dir, new Set(fs.existsSync(dir) ? fs.readdirSync(dir) : []));
  }
  await Promise.all([...dirs].map((dir) => fs.promises.mkdir(dir, { recursive: true })));
  const tasks = [
    ...outputs.map(
      ({ target, dir, content, hashed }) =>
        () =>
          hashed ? keepOrWrite(target, content(), present.get(dir)!) : writeOutput(target, content()),
    ),
    ...copies.map(
      ([source, target]) =>
        () =>
          fs.promises.copyFile(source, path.join(outDir, target)).catch((error: NodeJS.ErrnoException) => {
            if (!live || error.code !== 'ENOENT' || fs.existsSync(source)) throw error;
          }),
    ),
  ];
  // A bounded number of writes at a time: one open file per page ran out of file descriptors (EMFILE) on large sites.
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) await tasks[next++]();
  };
  await Promise.all(Array.from({ length: Math.min(WRITES_AT_ONCE, tasks.length) }, worker));
}

function absolute(model: SiteModel, href: string): string {
  return `${model.site.config.siteUrl}${href}`;
}

/** llms.txt: the site's title and summary, then a link list grouped like the sidebar (https://llmstxt.org). */
function llmsIndex(model: SiteModel, lang: string, pages: SitePage[]): string {
  const locale = model.site.locales.find((l) => l.lang === lang)!;
  const lines = [`# ${locale.title}`, '', `> ${locale.description}`, ''];
  const sections = new Map<string, SitePage[]>();
  for (const page of pages) {
    const key = page.neutralRoute.split('/')[1] || 'home';
    // Appended in place: copying the list for each page made a large section quadratic.
    const list = sections.get(key);
    if (list) list.push(page);
    else sections.set(key, [page]);
  }
  for (const [section, list] of sections) {
    lines.push(`## ${section[0].toUpperCase()}${section.slice(1)}`, '');
    for (const page of list) {
      lines.push(
        `- [${page.data.title || locale.title}](${absolute(model, markdownPathOfRoute(page.href))}): ${page.description}`,
      );
    }
    lines.push('');
  }
  return lines.join('\n');
}

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function sitemap(model: SiteModel, pages: SitePage[]): string {
  const urls = pages.map((page) => {
    // The default language's page is the one for readers whose language has none (x-default), as in each page's <head>.
    const fallback = page.alternates.find((a) => a.lang === model.site.config.lang);
    const alternates = [...page.alternates, ...(fallback ? [{ lang: 'x-default', href: fallback.href }] : [])]
      .map((a) => `<xhtml:link rel="alternate" hreflang="${a.lang}" href="${xmlEscape(absolute(model, a.href))}"/>`)
      .join('');
    const lastmod = page.data.lastUpdatedTime
      ? `<lastmod>${new Date(page.data.lastUpdatedTime).toISOString()}</lastmod>`
      : '';
    return `<url><loc>${xmlEscape(absolute(model, page.href))}</loc>${lastmod}${alternates}</url>`;
  });
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n` +
    `${urls.join('\n')}\n</urlset>\n`
  );
}
