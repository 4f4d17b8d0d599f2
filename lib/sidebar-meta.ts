// Sidebars from `_meta.json` files, Rspress's form, for the sections site.config.ts gives none: a top-level
// content folder with a `_meta.json` gets the sidebar `/<folder>/`. Each `_meta.json` is a list of
//   "name"                                       a page (name.md / name.mdx) or a folder of the same name
//   { type: 'file', name, label?, tag? }         a page
//   { type: 'dir', name, label?, collapsible?, collapsed?, tag? }   a group made from that folder
//   { type: 'dir-section-header', name, label? } a section header, then that folder's items
//   { type: 'section-header', label }            a section header
//   { type: 'divider', dashed? }                 a divider
//   { type: 'custom-link', label, link }         any link
// A folder without `_meta.json` lists its pages by name (index first), then its folders.
import fs from 'node:fs';
import path from 'node:path';
import type { SidebarConfig, SidebarItem } from '../common/types.ts';
import { isInside } from './contained.ts';
import { lineOf, type BuildProblem } from './errors.ts';

const META = '_meta.json';
const PAGE = /\.mdx?$/;

interface MetaEntry {
  type?: string;
  name?: string;
  label?: string;
  link?: string;
  tag?: string;
  collapsible?: boolean;
  collapsed?: boolean;
  dashed?: boolean;
}

function pageFile(dir: string, name: string): string | undefined {
  const bare = name.replace(PAGE, '');
  return ['.md', '.mdx'].map((ext) => path.join(dir, bare + ext)).find((f) => fs.existsSync(f));
}

const isDir = (file: string) => fs.existsSync(file) && fs.statSync(file).isDirectory();
/** A folder, unless it is a link back to a folder that contains it (a loop: content-files.ts reports it). */
const isOwnDir = (file: string) =>
  isDir(file) &&
  (!fs.lstatSync(file).isSymbolicLink() || !isInside(fs.realpathSync(file), fs.realpathSync(path.dirname(file))));
/** A name inside the folder: not ".", "..", empty, nor a path. */
const isPlainName = (name: string) => name !== '' && name !== '.' && name !== '..' && !/[/\\]/.test(name);

function routeOf(langRoot: string, file: string): string {
  const rel = path.relative(langRoot, file).split(path.sep).join('/').replace(PAGE, '');
  return `/${rel === 'index' ? '' : rel.endsWith('/index') ? rel.slice(0, -'index'.length) : rel}`;
}

interface MetaItem {
  entry: MetaEntry;
  /** 1-based line of the entry in the _meta.json. */
  line: number;
}

function readMeta(dir: string, problems: BuildProblem[]): MetaItem[] | undefined {
  const file = path.join(dir, META);
  if (!fs.existsSync(file)) return undefined;
  const fix = 'write a JSON list of page names or { "type", "name", "label" } items';
  let text: string;
  let data: unknown;
  try {
    text = fs.readFileSync(file, 'utf8');
    data = JSON.parse(text) as unknown;
  } catch (error) {
    problems.push({ file, line: 1, message: `${META} is not valid JSON: ${(error as Error).message}`, fix });
    return [];
  }
  if (!Array.isArray(data)) {
    problems.push({ file, line: 1, message: `${META} must be a list`, fix });
    return [];
  }
  // Each entry's line: where its name (or, for a nameless one, its label or type) next appears in the text.
  let from = 0;
  const items: MetaItem[] = [];
  for (const raw of data as unknown[]) {
    const entry =
      typeof raw === 'string'
        ? { name: raw }
        : raw && typeof raw === 'object' && !Array.isArray(raw)
          ? (raw as MetaEntry)
          : undefined;
    const needle = JSON.stringify(entry?.name ?? entry?.label ?? entry?.type ?? raw);
    const at = needle === undefined ? -1 : text.indexOf(needle, from);
    if (at !== -1) from = at + needle.length;
    const line = at === -1 ? 1 : lineOf(text, at);
    if (!entry) {
      problems.push({ file, line, message: `${META} entry ${String(needle)} is neither a name nor an item`, fix });
      continue;
    }
    items.push({ entry, line });
  }
  return items;
}

/** The items of one folder: from its _meta.json, or its pages and folders by name. */
function folderItems(langRoot: string, dir: string, problems: BuildProblem[]): SidebarItem[] {
  const meta = readMeta(dir, problems);
  if (!meta) {
    const names = fs.readdirSync(dir).sort();
    const pages = names
      .filter((n) => PAGE.test(n))
      .sort((a, b) => Number(b.startsWith('index.')) - Number(a.startsWith('index.')));
    const dirs = names.filter((n) => isOwnDir(path.join(dir, n)));
    return [
      ...pages.map((n): SidebarItem => ({ link: routeOf(langRoot, path.join(dir, n)) })),
      ...dirs.map(
        (n): SidebarItem => ({ text: n, items: folderItems(langRoot, path.join(dir, n), problems), collapsible: true }),
      ),
    ];
  }
  const items: SidebarItem[] = [];
  for (const { entry, line } of meta) {
    const name = entry.name ?? '';
    // "." or ".." named the folder itself or its parent, and the sidebar recursed until the stack overflowed.
    const named = entry.type !== 'divider' && entry.type !== 'section-header' && entry.type !== 'custom-link';
    if (named && !isPlainName(name)) {
      problems.push({
        file: path.join(dir, META),
        line,
        message: `${JSON.stringify(name)} is not a page or folder name`,
        fix: `name a page or a folder inside ${path.relative(process.cwd(), dir) || '.'} (a bare name, without "/", "." or "..")`,
      });
      continue;
    }
    const type = entry.type ?? (isDir(path.join(dir, name)) && !pageFile(dir, name) ? 'dir' : 'file');
    if (type === 'divider') items.push({ dividerType: entry.dashed ? 'dashed' : 'solid' });
    else if (type === 'section-header') items.push({ sectionHeaderText: entry.label ?? name, tag: entry.tag });
    else if (type === 'custom-link' && entry.link) items.push({ text: entry.label, link: entry.link, tag: entry.tag });
    else if (type === 'dir' || type === 'dir-section-header') {
      const sub = path.join(dir, name);
      if (!isOwnDir(sub)) {
        problems.push({
          file: path.join(dir, META),
          line,
          message: `"${name}" is not a folder in ${path.relative(process.cwd(), dir)}`,
          fix: 'correct the name, or create the folder',
        });
        continue;
      }
      const children = folderItems(langRoot, sub, problems);
      if (type === 'dir-section-header')
        items.push({ sectionHeaderText: entry.label ?? name, tag: entry.tag }, ...children);
      else
        items.push({
          text: entry.label ?? name,
          items: children,
          collapsible: entry.collapsible,
          collapsed: entry.collapsed,
          tag: entry.tag,
        });
    } else {
      const file = pageFile(dir, name);
      if (!file) {
        problems.push({
          file: path.join(dir, META),
          line,
          message: `"${name}" is not a page in ${path.relative(process.cwd(), dir)}`,
          fix: `create ${name}.md there, or remove the entry`,
        });
        continue;
      }
      items.push({ text: entry.label, link: routeOf(langRoot, file), tag: entry.tag });
    }
  }
  return items;
}

/** Sidebars for the top-level folders of `langRoot` that have a `_meta.json` and no sidebar in `configured`. */
export function metaSidebars(langRoot: string, configured: SidebarConfig, problems: BuildProblem[]): SidebarConfig {
  if (!fs.existsSync(langRoot)) return {};
  const covered = Object.keys(configured);
  const out: SidebarConfig = {};
  for (const name of fs.readdirSync(langRoot).sort()) {
    const dir = path.join(langRoot, name);
    if (!isDir(dir) || !fs.existsSync(path.join(dir, META))) continue;
    const prefix = `/${name}/`;
    if (covered.some((c) => prefix.startsWith(c.endsWith('/') ? c : `${c}/`) && c !== '/')) continue;
    out[prefix] = folderItems(langRoot, dir, problems);
  }
  return out;
}
