// The dev server's choice of build for each batch of saved files. `npm start` (scripts/dev.ts) runs Eleventy's dev
// server with incremental builds, which render only the file that changed; that is right for the edit of one page,
// and wrong when several files come in one batch (Eleventy renders the first of them only: a page pair saved in one
// write left the second page unbuilt and the server failing) or when a file is added or deleted (the other pages
// link to it, list it in their sidebars, and the search index and llms.txt hold it). Those batches get a full build.
// This module sits between Eleventy's watcher (scripts/dev.ts reports each event) and its configuration (which
// Eleventy reloads on a code edit: eleventy.config.ts asks here before each build). It also makes up for a code
// edit Eleventy builds without reloading the code: one saved while a build ran, or beside a page in one batch.
import path from 'node:path';

interface DevEleventy {
  setIncrementalBuild(incremental: boolean): void;
  /** Eleventy's record of its watch builds: whether one is running. */
  watchManager: { isBuildRunning(): boolean };
  /** Whether a save of these files makes Eleventy reload the code (the config file and its code watch targets). */
  shouldTriggerConfigReset(files: string[]): boolean;
}

let eleventy: DevEleventy | undefined;
/** Queues a file for a build, as a save of it does (what Eleventy's watch resolves with). */
let requeue: ((file: string) => Promise<void>) | undefined;
/** Files added or deleted since the last build began. */
const structural = new Set<string>();
/** A code file saved since the code was last reloaded, if any. */
let staleCode: string | undefined;

/** The Eleventy instance that serves, and how to queue a build (scripts/dev.ts). */
export function attachDevServer(instance: DevEleventy, queueBuild: (file: string) => Promise<void>): void {
  eleventy = instance;
  requeue = queueBuild;
  // After the first build, as after every build.
  buildEnded();
}

/** An event of Eleventy's watcher (chokidar's: add, change, unlink, addDir, unlinkDir). */
export function sawFileEvent(event: string, file: string): void {
  if (event !== 'change') structural.add(path.resolve(file));
  // (Eleventy's own form of a path: relative ones start with "./".)
  if (eleventy?.shouldTriggerConfigReset([path.isAbsolute(file) ? file : `./${file}`])) staleCode = file;
}

/**
 * Before each build of the dev server (Eleventy's `eleventy.beforeWatch`, with the files saved since the last):
 * incremental for the edit of one existing page (`isPage`), full for anything else: a code edit (Eleventy reloads
 * the code, and an incremental build after that fails with "`templateRender` has not yet initialized"), an image
 * or public file, a partial (Eleventy knows no page that imports it).
 */
export function chooseBuild(queue: string[], isPage: (file: string) => boolean): void {
  const files = queue.map((file) => path.resolve(file));
  const one = files.length === 1 ? files[0]! : undefined;
  const incremental = one !== undefined && !structural.has(one) && isPage(one);
  structural.clear();
  eleventy?.setIncrementalBuild(incremental);
  // One line per build, before Eleventy's "Wrote N files" that ends it (the dev server's tests wait on the pair).
  console.log(
    `[docs] rebuilding ${incremental ? 'the saved page' : 'the site'} (${plural(files.length, 'file')} saved)`,
  );
}

/**
 * After each build (`eleventy.after`): the next batch is taken whole. In incremental mode Eleventy takes one saved
 * file of its queue per build and leaves the rest for a build after it (a page pair saved in one write was built
 * twice, and each open page reloaded twice); chooseBuild, which sees the batch, says whether it is incremental.
 */
export function buildEnded(): void {
  eleventy?.setIncrementalBuild(false);
}

/**
 * After each save Eleventy handled (`eleventy.afterwatch`): once no build runs, the open pages have been told to
 * reload (or shown the overlay). Eleventy tells them after its "Wrote N files" and some work of its own (its watch
 * targets), so that line is no sign that a page opened now will not reload; this one is (the dev server's tests
 * wait for it). A save that came while a build ran is built after it, and says nothing here.
 */
export function watchRunEnded(): void {
  if (eleventy?.watchManager.isBuildRunning()) return;
  // Eleventy reloads the code only when the last save before a build is of code: a code edit saved while a build
  // ran (built after it without the reload, or not at all) or followed by a page's save in one batch was not built
  // with the new code. Queued again here, it is.
  const file = staleCode;
  if (file !== undefined) {
    staleCode = undefined;
    void requeue?.(file);
    return;
  }
  console.log('[docs] the open pages are up to date');
}

/** Eleventy reloaded the code (`eleventy.reset`, before a build): every code edit so far is in it. */
export function codeReloaded(): void {
  staleCode = undefined;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
