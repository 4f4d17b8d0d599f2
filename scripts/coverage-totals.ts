// `npm run check:coverage`: totals of the coverage lists in docs/coverage/ (one per page that
// upstream's Rstest docs also have: each upstream item, whether ours carried it before the list was made, and where
// ours says it now, or why it is not true for our version; blog posts aside). Prints a line per folder and the whole; a row that is
// not of that shape, or a page with no list, is named with its file and line, and the exit code is 1.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const LISTS = path.join(ROOT, 'docs/coverage');
const PAGES = path.join(ROOT, 'content/en');

const files = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full) : entry.name.endsWith('.md') ? [full] : [];
  });

type Tally = { items: number; before: number; carried: number; notTrue: number; leftOut: number };
const empty = (): Tally => ({ items: 0, before: 0, carried: 0, notTrue: 0, leftOut: 0 });
const byFolder = new Map<string, Tally>();
const problems: string[] = [];

for (const file of files(LISTS).filter((f) => path.basename(f) !== 'README.md')) {
  const page = path.relative(LISTS, file);
  const tally = byFolder.get(path.dirname(page)) ?? empty();
  byFolder.set(path.dirname(page), tally);
  fs.readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      const cells = /^\|\s*\d+\s*\|/.test(line) ? line.split(/(?<!\\)\|/).slice(1, -1) : undefined;
      if (!cells) return;
      const before = cells.at(-2)?.trim() ?? '';
      const ours = cells.at(-1)?.trim() ?? '';
      if (cells.length < 4 || !/^(yes|no)\b/.test(before) || !ours) {
        problems.push(`docs/coverage/${page}:${i + 1}: a row needs | # | item | yes/no | where ours says it |`);
        return;
      }
      tally.items++;
      if (before.startsWith('yes')) tally.before++;
      if (/^not in \d/.test(ours)) tally.notTrue++;
      else if (/^left out\b/.test(ours)) tally.leftOut++;
      else tally.carried++;
    });
}
// Blog posts are announcements of their own, checked against their releases, not lists of upstream's items.
for (const page of files(PAGES).filter((file) => !path.relative(PAGES, file).startsWith('blog/'))) {
  const list = path.join(LISTS, path.relative(PAGES, page));
  if (!fs.existsSync(list))
    problems.push(`${path.relative(ROOT, page)}: no coverage list (docs/coverage/${path.relative(PAGES, page)})`);
}

const share = (n: number, of: number) => `${((100 * n) / (of || 1)).toFixed(1)} %`;
const line = (name: string, t: Tally) =>
  `${name.padEnd(26)} ${String(t.items).padStart(5)} items  before ${share(t.before, t.items).padStart(7)}  ` +
  `now ${share(t.carried + t.notTrue, t.items).padStart(7)}  (${t.notTrue} not true for ours, ${t.leftOut} left out)`;
const total = empty();
for (const [folder, t] of [...byFolder].sort()) {
  console.log(line(folder, t));
  for (const key of Object.keys(total) as (keyof Tally)[]) total[key] += t[key];
}
console.log(line('all', total));
if (problems.length) {
  console.error(`\n${problems.join('\n')}`);
  process.exit(1);
}
