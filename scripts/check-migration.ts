// `npm run check:migration <docs-dir>`: builds a foreign Rspress/VitePress docs folder (its `en/`, `zh/`, …
// folders, or one language at its top) in a temp copy, with a site config made for it, and prints how many pages
// render cleanly and why the others do not. Clean: the build reports no problem for the page (dead link or
// anchor, bad front matter, …), and its rendered content shows no raw `import` line, `<Component` tag, `:::`
// marker or `[!` alert marker, and each tab strip has one panel per tab. Warnings (a component left out) do not
// count against a page. The folder itself is only read.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BuildProblem } from '../lib/errors.ts';
import { buildSite } from '../eleventy/build.ts';

const PAGE = /\.mdx?$/;

function languagesOf(dir: string): string[] {
  const langs = fs
    .readdirSync(dir)
    .filter((name) => /^[a-z]{2}(?:-[A-Za-z]{2,4})?$/.test(name) && fs.statSync(path.join(dir, name)).isDirectory())
    .filter((name) =>
      (fs.readdirSync(path.join(dir, name), { recursive: true }) as string[]).some((f) => PAGE.test(f)),
    );
  return langs;
}

/** The docs as our content folder, in a temp folder, and a site config for them. */
function prepare(docs: string): { root: string; config: string; langs: string[] } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-migration-'));
  const content = path.join(root, 'content');
  let langs = languagesOf(docs);
  if (langs.length) {
    for (const lang of langs) fs.cpSync(path.join(docs, lang), path.join(content, lang), { recursive: true });
  } else {
    langs = ['en'];
    fs.cpSync(docs, path.join(content, 'en'), { recursive: true, filter: (f) => path.basename(f) !== 'public' });
  }
  if (fs.existsSync(path.join(docs, 'public')))
    fs.cpSync(path.join(docs, 'public'), path.join(content, 'public'), { recursive: true });
  const lang = langs.includes('en') ? 'en' : langs[0];
  const locales = langs.map((l) => ({ lang: l, label: l }));
  fs.writeFileSync(
    path.join(root, 'site.config.ts'),
    `export default ${JSON.stringify({ title: 'Migration check', description: 'A foreign docs folder', lang, themeConfig: { locales } }, null, 2)};\n`,
  );
  fs.writeFileSync(path.join(root, 'package.json'), '{ "type": "module" }\n');
  return { root, config: path.join(root, 'site.config.ts'), langs };
}

/** The page's visible text (code blocks left out): where raw MDX or Markdown would show. */
function visibleText(html: string): string {
  return html
    .replace(/<pre[\s\S]*?<\/pre>/g, '')
    .replace(/<code>[\s\S]*?<\/code>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Why a rendered page is not clean (categories), from its HTML. */
export function renderFailures(html: string): string[] {
  const out: string[] = [];
  const outsideCode = html.replace(/<pre[\s\S]*?<\/pre>/g, '').replace(/<code>[\s\S]*?<\/code>/g, '');
  const text = visibleText(html);
  if (/^\s*(import|export)\s.+/m.test(text)) out.push('raw import/export line visible');
  if (/<[A-Z][\w.]*[\s/>]/.test(text) || /<[A-Z][\w.]*[\s/>]/.test(outsideCode)) out.push('raw <Component> visible');
  if (/(^|\n)\s*:::/.test(text)) out.push('raw ::: container visible');
  if (/\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]/i.test(text)) out.push('raw [!ALERT] visible');
  for (const group of outsideCode.matchAll(
    /<div class="code-group[^"]*"><div class="tabs">([\s\S]*?)<\/div><div class="blocks">/g,
  )) {
    const tabs = (group[1].match(/<label /g) ?? []).length;
    if (tabs === 0) out.push('tabs broken (a tab strip without tabs)');
  }
  return out;
}

function category(problem: BuildProblem): string {
  const m = problem.message;
  if (/^dead link/.test(m)) return 'dead link';
  if (/^dead anchor/.test(m)) return 'dead anchor';
  if (/unknown front-matter field "([^"]+)"/.test(m))
    return `unknown front-matter field "${/unknown front-matter field "([^"]+)"/.exec(m)![1]}"`;
  if (/^front-matter field/.test(m) || /front matter/.test(m)) return 'invalid front matter';
  if (/counterpart/.test(m)) return 'page missing in another language';
  if (/no title/.test(m)) return 'no title';
  if (/description/.test(m)) return 'no description';
  if (/^pm block/.test(m)) return 'pm command not understood';
  if (/^image/.test(m)) return 'image not found';
  if (/heading id/.test(m)) return 'duplicate heading id';
  return m.replace(/"[^"]*"/g, '"…"').slice(0, 60);
}

async function main(): Promise<void> {
  const docs = process.argv[2];
  if (!docs || !fs.existsSync(docs)) {
    console.error('usage: npm run check:migration <docs-dir>   (an Rspress/VitePress docs folder, e.g. website/docs)');
    process.exit(2);
  }
  const started = performance.now();
  const { root, config, langs } = prepare(path.resolve(docs));
  try {
    const model = await buildSite({ configFile: config, keepGoing: true, cacheDir: path.join(root, '.cache') });
    const pages = model.pages.filter((p) => p.file);
    const byFile = new Map<string, string[]>();
    const add = (file: string, why: string) => byFile.set(file, [...(byFile.get(file) ?? []), why]);
    const pageFiles = new Set(pages.map((p) => p.file));
    const elsewhere: BuildProblem[] = [];
    for (const problem of model.problems) {
      if (pageFiles.has(problem.file)) add(problem.file, category(problem));
      else elsewhere.push(problem);
    }
    for (const page of pages) {
      for (const why of renderFailures(page.html)) add(page.file, why);
    }
    const clean = pages.filter((p) => !byFile.has(p.file)).length;
    const percent = pages.length ? (100 * clean) / pages.length : 0;
    console.log(`\nMigration check of ${path.resolve(docs)} (${langs.join(', ')})\n`);
    console.log(`${clean} of ${pages.length} pages render cleanly: ${percent.toFixed(1)} %\n`);
    const categories = new Map<string, Set<string>>();
    for (const [file, whys] of byFile)
      for (const why of whys) categories.set(why, (categories.get(why) ?? new Set()).add(file));
    if (categories.size) {
      console.log('Failure categories (pages):');
      for (const [why, files] of [...categories].sort((a, b) => b[1].size - a[1].size)) {
        const examples = [...files].slice(0, 3).map((f) => path.relative(path.join(root, 'content'), f));
        console.log(`  ${String(files.size).padStart(4)}  ${why}   e.g. ${examples.join(', ')}`);
      }
    }
    if (elsewhere.length) {
      console.log(`\nProblems outside the pages (${elsewhere.length}), e.g.:`);
      for (const p of elsewhere.slice(0, 5)) console.log(`  ${path.relative(root, p.file)}: ${p.message}`);
    }
    const warned = new Map<string, number>();
    for (const w of model.warnings) {
      const key = w.message
        .replace(/\(.*\)$/, '')
        .replace(/: import .*| line removed: .*/, ' line removed')
        .trim();
      warned.set(key, (warned.get(key) ?? 0) + 1);
    }
    if (warned.size) {
      console.log(`\nWarnings (${model.warnings.length}; they do not count against a page), most frequent:`);
      for (const [what, n] of [...warned].sort((a, b) => b[1] - a[1]).slice(0, 8))
        console.log(`  ${String(n).padStart(4)}  ${what}`);
    }
    console.log(`\n(${((performance.now() - started) / 1000).toFixed(1)} s)`);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
  process.exit(0);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
