// The digest of the code behind a build cache (highlighted code, lib/highlight.ts; the search index,
// lib/search/index-files.ts): part of the cache's keys, so that an entry written by the code before an edit (or a
// package upgrade) is not reused. Read once per process: the dev server loads the site's modules afresh after an
// edit of its code.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const digests = new Map<string, string>();

/** A hash of the files' contents, in the order given: a folder stands for its `.ts` files, a missing path for nothing. */
export function codeDigest(paths: string[]): string {
  const id = paths.join('\0');
  let digest = digests.get(id);
  if (digest) return digest;
  const hash = createHash('sha1');
  for (const file of paths) {
    if (!fs.existsSync(file)) continue;
    if (!fs.statSync(file).isDirectory()) hash.update(fs.readFileSync(file));
    else
      for (const name of fs.readdirSync(file).sort())
        if (name.endsWith('.ts')) hash.update(name).update(fs.readFileSync(path.join(file, name)));
  }
  digests.set(id, (digest = hash.digest('hex')));
  return digest;
}
