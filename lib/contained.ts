// Whether a path stays inside a folder: as written, and once every symlink on it is resolved. The build reads and
// publishes only files inside the content folder; `../../etc/passwd`, or a link to it, must not get out.
import fs from 'node:fs';
import path from 'node:path';

/** `file` is `root` or below it (paths compared as they are). */
export const isInside = (root: string, file: string): boolean => file === root || file.startsWith(root + path.sep);

/**
 * Where an existing `file` really is when that is outside `root` (after resolving symlinks, of both); undefined
 * when it is inside.
 */
export function realPathOutside(root: string, file: string): string | undefined {
  const real = fs.realpathSync(file);
  return isInside(fs.realpathSync(root), real) ? undefined : real;
}
