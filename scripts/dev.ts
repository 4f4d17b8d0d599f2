// `npm start`: Eleventy's dev server, as `eleventy --config=eleventy.config.ts --serve --incremental` starts it,
// through Eleventy's API so that its watcher's events reach eleventy/dev-session.ts: a page edit builds that page
// alone, a batch of files or an added or deleted one builds the whole site. Eleventy 3 starts no build for a
// deleted file: this one does, so a deleted page answers 404 and the pages that linked to it say so.
import Eleventy from '@11ty/eleventy';
import { attachDevServer, sawFileEvent } from '../eleventy/dev-session.ts';

type Watcher = { on(event: string, listener: (...args: string[]) => void): void };
const elev = new Eleventy(undefined, undefined, {
  source: 'cli',
  configPath: 'eleventy.config.ts',
  runMode: 'serve',
});
await elev.init();
elev.setIncrementalBuild(true);
// The first build, then the watcher; `rebuild` queues a file as a save of it does.
const rebuild = await elev.watch();
// Eleventy 3.1.7 makes a new record of its watch builds each time it reloads the configuration (after a code edit),
// in the middle of that build: the saves queued meanwhile were dropped, and the next save started a second build
// beside the first (which wrote the site at the same time and could stop the server). The server keeps its first.
const builds = elev.watchManager;
Object.defineProperty(elev, 'watchManager', { get: () => builds, set: () => {} });
attachDevServer(elev, rebuild);
const watcher = (elev as unknown as { watcher: Watcher }).watcher;
watcher.on('all', (event, file) => sawFileEvent(event, file!));
watcher.on('unlink', (file) => void rebuild(file!));
await elev.serve(undefined);
process.on('SIGINT', async () => {
  await elev.stopWatch();
  process.exit(0);
});
