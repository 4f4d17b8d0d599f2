// Files written beside the pages: each page's Markdown, llms.txt / llms-full.txt per language, sitemap, robots.
// Written asynchronously and all at once: the build starts them as soon as the site model exists, so the disk
// works while the pages render.
import fs from 'node:fs';
import path from 'node:path';
import { markdownPathOfRoute } from '../../common/routes.ts';
import { redirectFiles } from '../redirects.ts';
import { searchIndexFiles } from '../search/index-files.ts';
import type { SiteModel, SitePage } from '../model.ts';

/** Side-output files written at once (each holds a file descriptor until it is written). */
const WRITES_AT_ONCE = 64;

const published = (model: SiteModel) => model.pages.filter((p) => p.data.pageType !== '404');

/** Every side output as [path inside the output folder, text]. */
export function sideOutputs(model: SiteModel): [string, string][] {
  const files: [string, string][] = [];
  const pages = published(model);
  for (const page of pages) files.push([markdownPathOfRoute(page.route), page.markdown]);
  for (const locale of model.site.locales) {
    // The default version only (every page of a multi-version site has a version; older ones stay out).
    const inLocale = pages.filter((p) => p.data.lang === locale.lang && (p.data.version || model.site.defaultVersion) === model.site.defaultVersion);
    const prefix = locale.prefix.replace(/^\//, '');
    files.push([path.join(prefix, 'llms.txt'), llmsIndex(model, locale.lang, inLocale)]);
    files.push([path.join(prefix, 'llms-full.txt'), inLocale.map((p) => p.markdown.trim()).join('\n\n---\n\n') + '\n']);
  }
  // Sitemaps need absolute URLs: without siteUrl there is none.
  const siteUrl = model.site.config.siteUrl;
  if (siteUrl) files.push(['sitemap.xml', sitemap(model, pages)]);
  files.push(...searchIndexFiles(model.searchIndex, model.site));
  const langOf = (route: string) => model.site.locales.find((l) => l.prefix && route.startsWith(`${l.prefix}/`))?.lang ?? model.site.config.lang;
  files.push(...redirectFiles(model.redirects, siteUrl, langOf));
  files.push(['robots.txt', `User-agent: *\nAllow: /\n${siteUrl ? `Sitemap: ${siteUrl}${model.site.config.base}sitemap.xml\n` : ''}`]);
  return files;
}

export async function writeSideOutputs(model: SiteModel, outDir: string): Promise<void> {
  const files = sideOutputs(model);
  const dirs = new Set(files.map(([file]) => path.dirname(path.join(outDir, file))));
  await Promise.all([...dirs].map((dir) => fs.promises.mkdir(dir, { recursive: true })));
  // Static files (favicon, images) are copied as they are.
  const publicDir = path.join(model.site.contentRoot, 'public');
  // A bounded number of writes at a time: one open file per page ran out of file descriptors (EMFILE) on large sites.
  let next = 0;
  const writer = async () => {
    while (next < files.length) {
      const [file, text] = files[next++];
      await fs.promises.writeFile(path.join(outDir, file), text);
    }
  };
  await Promise.all([
    ...Array.from({ length: Math.min(WRITES_AT_ONCE, files.length) }, writer),
    fs.existsSync(publicDir) ? fs.promises.cp(publicDir, outDir, { recursive: true }) : undefined,
    // Co-located images, under the names the pages use.
    ...[...model.files].map(async ([source, target]) => {
      await fs.promises.mkdir(path.dirname(path.join(outDir, target)), { recursive: true });
      await fs.promises.copyFile(source, path.join(outDir, target));
    }),
  ]);
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
      lines.push(`- [${page.data.title || locale.title}](${absolute(model, markdownPathOfRoute(page.href))}): ${page.description}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function sitemap(model: SiteModel, pages: SitePage[]): string {
  const urls = pages.map((page) => {
    // The default language's page is the one for readers whose language has none (x-default), as in each page's <head>.
    const fallback = page.alternates.find((a) => a.lang === model.site.config.lang);
    const alternates = [...page.alternates, ...(fallback ? [{ lang: 'x-default', href: fallback.href }] : [])]
      .map((a) => `<xhtml:link rel="alternate" hreflang="${a.lang}" href="${xmlEscape(absolute(model, a.href))}"/>`)
      .join('');
    const lastmod = page.data.lastUpdatedTime ? `<lastmod>${new Date(page.data.lastUpdatedTime).toISOString()}</lastmod>` : '';
    return `<url><loc>${xmlEscape(absolute(model, page.href))}</loc>${lastmod}${alternates}</url>`;
  });
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n` +
    `${urls.join('\n')}\n</urlset>\n`
  );
}
