// The files of a language folder, walked as the build reads them, and the problems of the folder as a whole: a
// symlink that leads out of the content folder (not read: it would publish what it points at) or back into a
// folder that contains it (a loop: it built 168 nested copies of the pages), and two files that are one page
// (`intro.md` beside `intro/index.md`, or `Intro.md` beside `intro.md`, which a case-insensitive disk cannot hold).
import fs from 'node:fs';
import path from 'node:path';
import { isInside } from './contained.ts';
import type { BuildProblem } from './errors.ts';
import type { ResolvedSite } from './model.ts';

export interface ContentListing {
  /** Every file the build may read, relative to the folder, '/'-separated, sorted. */
  files: string[];
  /** The links it did not follow. */
  problems: BuildProblem[];
}

/** Walks `folder` (inside `contentRoot`), following links that stay inside the content folder and do not loop. */
export function listContent(folder: string, contentRoot: string): ContentListing {
  const out: ContentListing = { files: [], problems: [] };
  if (!fs.existsSync(folder)) return out;
  const realRoot = fs.realpathSync(contentRoot);
  const walk = (dir: string, realDir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      let real = path.join(realDir, entry.name);
      if (entry.isSymbolicLink()) {
        try {
          real = fs.realpathSync(file);
        } catch {
          continue; // A link to nothing: there is nothing to read.
        }
        if (!isInside(realRoot, real)) {
          out.problems.push({
            file,
            message: `a link to outside the content folder (${real}), so it is not read`,
            fix: 'copy what it points at into the content folder, or remove the link',
          });
          continue;
        }
        if (isInside(real, realDir)) {
          out.problems.push({
            file,
            message: 'a link to a folder that contains it (a loop), so it is not read',
            fix: 'remove the link',
          });
          continue;
        }
      }
      // Only a link needs a stat of its own (what it points at); a plain entry's type is known from the listing.
      const stat = entry.isSymbolicLink() ? fs.statSync(file) : entry;
      if (stat.isDirectory()) walk(file, real);
      else if (stat.isFile()) out.files.push(path.relative(folder, file).split(path.sep).join('/'));
    }
  };
  walk(folder, fs.realpathSync(folder));
  out.files.sort();
  return out;
}

/**
 * Pages of one language folder (relative paths, sorted) that are the same page as an earlier one: the same route
 * once `index` and the extension are dropped, letter case aside.
 */
export function samePageProblems(folder: string, pages: string[]): BuildProblem[] {
  const problems: BuildProblem[] = [];
  const first = new Map<string, string>();
  for (const page of pages) {
    const key = page
      .replace(/\.mdx?$/, '')
      .replace(/(^|\/)index$/, '')
      .toLowerCase();
    const earlier = first.get(key);
    if (earlier === undefined) {
      first.set(key, page);
      continue;
    }
    problems.push({
      file: path.join(folder, page),
      message: `this file and ${earlier} are the same page`,
      fix: `keep one of them (a page is either name.md or name/index.md, and names differ by more than letter case)`,
    });
  }
  return problems;
}

/** The problems of every language folder of the site: links not followed, and files that are one page. */
export function contentProblems(site: ResolvedSite): BuildProblem[] {
  const problems: BuildProblem[] = [];
  for (const version of site.versions) {
    for (const locale of site.locales) {
      const folder = path.join(site.contentRoot, version, locale.lang);
      const listing = listContent(folder, site.contentRoot);
      problems.push(
        ...listing.problems,
        ...samePageProblems(
          folder,
          listing.files.filter((f) => /\.mdx?$/.test(f)),
        ),
      );
    }
  }
  return problems;
}
