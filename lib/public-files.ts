// The files of content/public that the build publishes as they are: every file but hidden ones (`.env`,
// `.git/`: an editor's or a tool's, often secret) and links that lead out of the folder (a symlink to `/etc` or to
// the repository's `.git/config`). What is left out is named in a warning, so an author who meant it sees why.
import fs from 'node:fs';
import path from 'node:path';
import { isInside } from './contained.ts';
import type { BuildProblem } from './errors.ts';

export interface PublicFiles {
  /** Paths relative to the public folder, '/'-separated. */
  files: string[];
  /** One per file or folder left out. */
  warnings: BuildProblem[];
}

export function publicFiles(publicDir: string): PublicFiles {
  const out: PublicFiles = { files: [], warnings: [] };
  if (!fs.existsSync(publicDir)) return out;
  const realRoot = fs.realpathSync(publicDir);
  const leaveOut = (file: string, message: string, fix: string) =>
    out.warnings.push({ file, message: `${message}, so not published`, fix });
  const walk = (dir: string, realDir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.name.startsWith('.')) {
        leaveOut(
          file,
          `a hidden ${entry.isDirectory() ? 'folder' : 'file'}`,
          'rename it without the leading "." if the site should serve it',
        );
        continue;
      }
      let real = path.join(realDir, entry.name);
      if (entry.isSymbolicLink()) {
        try {
          real = fs.realpathSync(file);
        } catch {
          leaveOut(file, 'a link to nothing', 'remove the link, or point it at a file in the public folder');
          continue;
        }
        if (!isInside(realRoot, real)) {
          leaveOut(
            file,
            'a link to outside the public folder',
            'copy the file into the public folder instead of linking to it',
          );
          continue;
        }
        if (isInside(real, realDir)) {
          leaveOut(file, 'a link to a folder that contains it (a loop)', 'remove the link');
          continue;
        }
      }
      // Only a link needs a stat of its own (what it points at); a plain entry's type is known from the listing.
      const stat = entry.isSymbolicLink() ? fs.statSync(file) : entry;
      if (stat.isDirectory()) walk(file, real);
      else if (stat.isFile()) out.files.push(path.relative(publicDir, file).split(path.sep).join('/'));
    }
  };
  walk(publicDir, realRoot);
  return out;
}
