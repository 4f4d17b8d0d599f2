// A crawl of every link in the published Markdown (`<route>.md`) and llms files of the real site (issue 14),
// built with base '/' and with base '/docs/': each link into the site is absolute and names a file the build
// writes (a page, a page's .md, a static file), its #anchor a heading of that page; the Chinese files link to
// Chinese pages; no heading keeps the {#id} syntax. Links are read with markdown-it, not with the exporter's
// own patterns.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import MarkdownIt from 'markdown-it';
import { markdownPathOfRoute, outputFileOfRoute } from '../../common/routes.ts';
import type { SiteModel } from '../../lib/model.ts';
import { sideOutputs } from '../../lib/outputs/index.ts';
import { buildSite } from '../../eleventy/build.ts';
import { filesUnder, ROOT } from '../fixtures/sites/support.ts';

const md = new MarkdownIt({ html: true });
const HTML_URL = /<(?:a|img)\b[^>]*?\s(?:href|src)\s*=\s*["']([^"']*)["']/gi;

/** Every link and image destination in a Markdown text, outside code, and every heading's text. */
function linksOf(text: string): { urls: string[]; headings: string[] } {
  const urls: string[] = [];
  const headings: string[] = [];
  const tokens = md.parse(text, {});
  tokens.forEach((token, i) => {
    if (token.type === 'html_block') urls.push(...[...token.content.matchAll(HTML_URL)].map((m) => m[1]));
    if (token.type === 'heading_open') headings.push(tokens[i + 1].content);
    for (const child of token.children ?? []) {
      if (child.type === 'link_open') urls.push(String(child.attrGet('href')));
      if (child.type === 'image') urls.push(String(child.attrGet('src')));
      if (child.type === 'html_inline') urls.push(...[...child.content.matchAll(HTML_URL)].map((m) => m[1]));
    }
  });
  return { urls, headings };
}

interface Crawl {
  files: number;
  links: number;
  problems: string[];
}

/** Absolute URLs the authors wrote themselves (the AI guide names the production files): kept as written, not crawled. */
function authoredUrls(model: SiteModel): Set<string> {
  const sources = filesUnder(model.site.contentRoot).filter((f) => f.endsWith('.md'));
  return new Set(
    sources.flatMap((f) =>
      [...fs.readFileSync(path.join(model.site.contentRoot, f), 'utf8').matchAll(/https?:\/\/[^\s)\]>"'`]+/g)].map(
        (m) => m[0],
      ),
    ),
  );
}

function crawl(model: SiteModel): Crawl {
  const { siteUrl, base } = model.site.config;
  const authored = authoredUrls(model);
  const root = `${siteUrl}${base}`;
  const outputs = sideOutputs(model);
  const written = new Set([
    ...model.pages.map((p) => outputFileOfRoute(p.route)),
    ...outputs.map(([file]) => file.split(path.sep).join('/').replace(/^\//, '')),
    ...filesUnder(model.site.publicDir),
  ]);
  const pageByMarkdown = new Map(model.pages.map((p) => [markdownPathOfRoute(p.route).slice(1), p]));
  const pageByHtml = new Map(model.pages.map((p) => [outputFileOfRoute(p.route), p]));
  const problems: string[] = [];
  let links = 0;
  let files = 0;
  for (const [written_, text] of outputs) {
    const file = written_.replace(/^\//, '');
    if (!/\.md$|llms(-full)?\.txt$/.test(file)) continue;
    files++;
    const zh = file.startsWith('zh/');
    const { urls, headings } = linksOf(text);
    for (const heading of headings)
      if (/\{#[^{}\s]+\}\s*$/.test(heading)) problems.push(`${file}: heading keeps its id syntax: ${heading}`);
    for (const url of urls) {
      links++;
      if (/^(?:mailto|tel):/.test(url) || (/^https?:\/\//.test(url) && !url.startsWith(siteUrl)) || authored.has(url))
        continue;
      if (!url.startsWith(root)) {
        problems.push(`${file}: not an absolute URL of the site: ${url}`);
        continue;
      }
      const [pathPart, hash] = url.slice(root.length).split('#');
      const rest = decodeURIComponent(pathPart);
      const candidates = /\.[a-z0-9]+$/i.test(rest)
        ? [rest]
        : rest === '' || rest.endsWith('/')
          ? [`${rest}index.html`]
          : [`${rest}.html`];
      const target = candidates.find((c) => written.has(c));
      if (!target) {
        problems.push(`${file}: ${url} names no file the build writes`);
        continue;
      }
      const page = pageByMarkdown.get(target) ?? pageByHtml.get(target);
      if (zh && page && page.data.lang !== 'zh')
        problems.push(`${file}: a Chinese file links to an English page: ${url}`);
      if (hash && page && !page.ids.includes(decodeURIComponent(hash)))
        problems.push(`${file}: ${url}: the page has no heading #${hash}`);
      if (hash && !page) problems.push(`${file}: ${url}: an anchor on a file that is no page`);
    }
  }
  return { files, links, problems };
}

const build = (base: string) =>
  buildSite({
    configFile: path.join(ROOT, 'site.config.ts'),
    overrides: { base },
    cacheDir: path.join(ROOT, '.cache'),
  });

describe('links in the published Markdown and llms files of the site', () => {
  for (const base of ['/', '/docs/']) {
    test(`every link resolves, base ${base}`, async () => {
      const model = await build(base);
      const result = crawl(model);
      assert.deepEqual(result.problems.slice(0, 20), [], `${result.problems.length} problems`);
      const markdownPages = model.pages.filter((p) => p.data.pageType !== '404').length;
      assert.equal(
        result.files,
        markdownPages + 2 * model.site.locales.length,
        'every .md, llms.txt and llms-full.txt',
      );
      assert.ok(result.links > 2000, `${result.links} links crawled`);
      console.log(`base ${base}: ${result.links} links in ${result.files} files, ${result.problems.length} problems`);
    });
  }

  test('the published Markdown of the repository is not what the author wrote: its page links were relative', () => {
    // A guard on the test itself: the sources do have locale-neutral, base-less links to rewrite.
    const source = fs.readFileSync(path.join(ROOT, 'content/zh/config/test/retry.md'), 'utf8');
    assert.match(source, /\]\(\/(?!\/)/);
  });
});
