// The dev server's choice of build for each batch of saved files. `npm start` (scripts/dev.ts) runs Eleventy's dev
// server with incremental builds, which render only the file that changed; that is right for the edit of one page,
// and wrong when several files come in one batch (Eleventy renders the first of them only: a page pair saved in one
// write left the second page unbuilt and the server failing) or when a file is added or deleted (the other pages
// link to it, list it in their sidebars, and the search index and llms.txt hold it). Those batches get a full build.
// This module sits between Eleventy's watcher (scripts/dev.ts reports each event) and its configuration (which
// Eleventy reloads on a code edit: eleventy.config.ts asks here before each build).
import path from 'node:path';

interface IncrementalSwitch {
  setIncrementalBuild(incremental: boolean): void;
}

let eleventy: IncrementalSwitch | undefined;
/** Files added or deleted since the last build began. */
const structural = new Set<string>();

/** The Eleventy instance that serves (scripts/dev.ts). */
export function attachDevServer(instance: IncrementalSwitch): void {
  eleventy = instance;
}

/** An event of Eleventy's watcher (chokidar's: add, change, unlink, addDir, unlinkDir). */
export function sawFileEvent(event: string, file: string): void {
  if (event !== 'change') structural.add(path.resolve(file));
}

/**
 * Before each build of the dev server (Eleventy's `eleventy.beforeWatch`, with the files saved since the last):
 * incremental for the edit of one existing page or of the code (a code edit reloads the configuration, and Eleventy
 * builds everything then), full for anything else (an image or public file of `contentRoot` among them).
 */
export function chooseBuild(queue: string[], contentRoot: string): void {
  const files = queue.map((file) => path.resolve(file));
  const one = files.length === 1 ? files[0]! : undefined;
  const insideContent = one?.startsWith(`${path.resolve(contentRoot)}${path.sep}`) ?? false;
  const incremental = one !== undefined && !structural.has(one) && (!insideContent || /\.mdx?$/.test(one));
  structural.clear();
  eleventy?.setIncrementalBuild(incremental);
  // One line per build, before Eleventy's "Wrote N files" that ends it (the dev server's tests wait on the pair).
  console.log(
    `[docs] rebuilding ${incremental ? 'the saved page' : 'the site'} (${plural(files.length, 'file')} saved)`,
  );
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
