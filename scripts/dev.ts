// `npm start`: the dev server. Vite rebuilds the widgets and CSS on every edit (a fresh build in a child process, scripts/dev-vite.ts); the engine
// (eleventy/dev-engine.ts, a child process) holds the site in memory and renders pages on request; this process
// serves them, watches the code, and tells the open pages what changed over Server-Sent Events
// (widgets/dev/client.ts): a CSS edit swaps the stylesheet, a widget edit reloads the page, a content edit patches
// the page in place, a code or config edit starts a new engine. A build error shows as an overlay in the page
// and the server keeps running; it is gone once the error is fixed.
//
// Options: --port N (or PORT; default 8080, 0 picks a free one), --host H (or HOST; default localhost only).
import { fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { isIP, type AddressInfo } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build as esbuild } from 'esbuild';
import { buildWidgets } from './build.ts';
import type { ViteBuildOutcome } from './dev-vite.ts';
import type { ClientEvent, DevAssets, DevState, EngineMessage, EngineResponse } from '../eleventy/dev-protocol.ts';
import { formatProblem } from '../lib/errors.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const CLIENT_PATH = '/__docs/client.js';
const EVENTS_PATH = '/__docs/events';
/** Code whose edit starts a new engine: every module the build imports, and the site config. */
const CODE_DIRS = ['common', 'lib', 'layouts', 'eleventy'];

const { values: args } = parseArgs({ options: { port: { type: 'string' }, host: { type: 'string' } }, strict: false });
const port = Number(args.port ?? process.env.PORT ?? 8080);
const host = String(args.host ?? process.env.HOST ?? 'localhost');
const configFile = process.env.DOCS_CONFIG ? path.resolve(process.env.DOCS_CONFIG) : path.join(ROOT, 'site.config.ts');

const log = (text: string) => console.log(`[docs] ${text}`);

// ---- Browsers: Server-Sent Events ----

const clients = new Set<http.ServerResponse>();
function broadcast(event: ClientEvent): void {
  const frame = `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
  for (const client of clients) client.write(frame);
}

/** The engine's state (the pages' build). */
let engineState: DevState = { problems: [], warnings: [] };
/** Vite's last error (a widget or stylesheet that does not compile), until its next successful build. */
let viteError = '';
/** What the pages are told: the engine's state, with Vite's error if there is one. */
let state: DevState = engineState;

function publish(): void {
  const had = hasErrors(state);
  const error = [engineState.error, viteError && `Vite could not build the widgets or CSS:\n${viteError}`]
    .filter(Boolean)
    .join('\n\n');
  state = { ...engineState, ...(error ? { error } : {}) };
  if (hasErrors(state)) console.error(`\n${describe(state)}\n`);
  else if (had) log('fixed: the site builds again');
  broadcast({ type: 'state', state });
}

function setState(next: DevState): void {
  engineState = next;
  publish();
}

function setViteError(text: string): void {
  if (text === viteError) return;
  viteError = text;
  publish();
}

const hasErrors = (s: DevState) => s.problems.length > 0 || Boolean(s.error);
function describe(s: DevState): string {
  if (s.error) return `the build failed:\n${s.error}`;
  const n = s.problems.length;
  return `${n} problem${n === 1 ? '' : 's'} in the docs:\n${s.problems.map((p) => formatProblem(p)).join('\n')}`;
}

// ---- The engine ----

interface Engine {
  child: ChildProcess;
  /** Resolves once the first build is done (with or without errors), or the process ended. */
  ready: Promise<boolean>;
  base: string;
  assets?: DevAssets;
  waiting: Map<number, (response: EngineResponse | undefined) => void>;
  exited: boolean;
}

let engine: Engine | undefined;
let nextId = 0;

function startEngine(): Engine {
  const child = fork(path.join(ROOT, 'eleventy/dev-engine.ts'), [], {
    cwd: process.cwd(),
    execArgv: ['--import', import.meta.resolve('tsx')],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    // React's development build renders several times slower and only adds warnings.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    stderr = (stderr + chunk.toString()).slice(-20_000);
  });
  let markReady!: (ok: boolean) => void;
  const current: Engine = {
    child,
    ready: new Promise((resolve) => (markReady = resolve)),
    base: '/',
    waiting: new Map(),
    exited: false,
  };
  child.on('message', (message: EngineMessage) => onEngineMessage(current, message, markReady));
  child.on('exit', (code, signal) => {
    current.exited = true;
    for (const reply of current.waiting.values()) reply(undefined);
    current.waiting.clear();
    markReady(false);
    if (engine !== current || signal === 'SIGTERM') return;
    // The engine died: a syntax error in the code, or an exception outside the build. Its output says why.
    setState({ problems: [], warnings: [], error: crashText(stderr, code) });
  });
  return current;
}

function crashText(stderr: string, code: number | null): string {
  const text = stderr.trim() || `the build process ended (exit code ${code})`;
  // esbuild/tsx name the file and line first: `/abs/lib/x.ts:3:7: ERROR: Expected ";"`.
  const where = /((?:\/|[A-Za-z]:\\)[^\s:]+\.(?:tsx?|mts|mjs|js)):(\d+):(\d+): ERROR: (.*)/.exec(text);
  if (where) return `${path.relative(process.cwd(), where[1])}:${where[2]}:${where[3]}: ${where[4]}\n\n${text}`;
  return text;
}

async function onEngineMessage(from: Engine, message: EngineMessage, markReady: (ok: boolean) => void): Promise<void> {
  if (message.kind === 'response') {
    from.waiting.get(message.id)?.(message);
    from.waiting.delete(message.id);
    return;
  }
  if (from !== engine) return;
  if (message.kind === 'ready') {
    from.base = message.base;
    markReady(!hasErrors(message.state));
    setState(message.state);
    const warnings = message.state.warnings.length;
    log(
      `${hasErrors(message.state) ? 'built with errors' : 'site built'} in ${Math.round(message.ms)} ms${warnings ? ` (${warnings} warning${warnings === 1 ? '' : 's'}: see the browser console)` : ''}`,
    );
  } else if (message.kind === 'state') {
    setState(message.state);
  } else if (message.kind === 'updated') {
    setState(message.state);
    broadcast({ type: 'update', hrefs: message.hrefs });
    log(
      `${message.files.map((f) => path.relative(process.cwd(), f)).join(', ')}: updated in ${Math.round(message.ms)} ms`,
    );
  } else if (message.kind === 'assets') {
    const before = from.assets;
    from.assets = message.assets;
    if (!before || engineStarting) return;
    const scriptChanged =
      before.script !== message.assets.script || before.preload.join() !== message.assets.preload.join();
    if (scriptChanged) broadcast({ type: 'reload' });
    else if (JSON.stringify(before.css) !== JSON.stringify(message.assets.css))
      broadcast({ type: 'css', css: message.assets.css });
  }
}

let engineStarting = false;
async function restartEngine(reason: string): Promise<void> {
  const old = engine;
  engineStarting = true;
  engine = startEngine();
  if (old && !old.exited) {
    old.child.kill('SIGTERM');
  }
  const current = engine;
  const ok = await current.ready;
  if (engine !== current) return;
  engineStarting = false;
  if (ok && reason) broadcast({ type: 'reload' });
}

function ask(pathname: string): Promise<EngineResponse | undefined> {
  const current = engine!;
  if (current.exited || !current.child.connected) return Promise.resolve(undefined);
  const id = nextId++;
  return new Promise((resolve) => {
    current.waiting.set(id, resolve);
    current.child.send({ kind: 'get', id, path: pathname });
  });
}

// ---- HTTP ----

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const clientTag = `<script type="module" src="${CLIENT_PATH}"></script>`;

/** Served for every page while there is no site to show (the first build failed, or the engine crashed). */
function errorPage(): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>Build error</title>${clientTag}</head><body style="font:14px/1.5 ui-monospace,monospace;margin:2rem">` +
    `<h1 style="font-size:1.2rem">The docs did not build</h1><pre style="white-space:pre-wrap">${escapeHtml(describe(state))}</pre>` +
    `<p>The page reloads once the error is fixed.</p></body></html>`
  );
}

let clientScript = '';
async function bundleClient(): Promise<void> {
  const result = await esbuild({
    entryPoints: [path.join(ROOT, 'widgets/dev/client.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    target: 'es2022',
    legalComments: 'none',
  });
  clientScript = result.outputFiles[0].text;
}

/**
 * Whether a request's Host names this server: localhost (and *.localhost), an IP address, or the --host it was
 * started with. Any other name is a page elsewhere whose DNS was rebound to this machine: it gets nothing.
 */
function allowedHost(header: string | undefined): boolean {
  if (!header) return false;
  const name = header
    .replace(/:\d+$/, '')
    .replace(/^\[(.*)\]$/, '$1')
    .toLowerCase();
  if (name === 'localhost' || name.endsWith('.localhost') || isIP(name) !== 0) return true;
  return name === host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
}

function plain(res: http.ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(text);
}

async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  if (!allowedHost(req.headers.host)) {
    return plain(
      res,
      403,
      `This dev server answers only requests for localhost, an IP address or --host (${host}); Host was ${JSON.stringify(req.headers.host ?? '')}.\n`,
    );
  }
  let url: URL;
  try {
    url = new URL(req.url ?? '/', 'http://localhost');
  } catch {
    return plain(res, 400, 'Bad request: the URL could not be parsed.\n');
  }
  if (url.pathname === EVENTS_PATH) {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
    res.write(`retry: 500\nevent: state\ndata: ${JSON.stringify({ type: 'state', state })}\n\n`);
    clients.add(res);
    req.on('close', () => clients.delete(res));
    return;
  }
  if (url.pathname === CLIENT_PATH) {
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
    res.end(clientScript);
    return;
  }
  await engine!.ready;
  const answer = await ask(url.pathname);
  if (!answer || answer.unavailable) {
    const wantsHtml = (req.headers.accept ?? '').includes('text/html') || !/\.[a-z0-9]+$/i.test(url.pathname);
    res.writeHead(503, {
      'content-type': wantsHtml ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
    });
    res.end(wantsHtml ? errorPage() : describe(state));
    return;
  }
  let body = answer.body;
  if (answer.type.startsWith('text/html') && typeof body === 'string') {
    const at = body.indexOf('</head>');
    body = at === -1 ? body + clientTag : body.slice(0, at) + clientTag + body.slice(at);
  }
  res.writeHead(answer.status, { 'content-type': answer.type, 'cache-control': 'no-store' });
  res.end(body);
}

// ---- Watching ----

function debounce(ms: number, fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return () => {
    clearTimeout(timer);
    timer = setTimeout(fn, ms);
  };
}

/**
 * One fs.watch per folder however many concerns listen to it (the engine's code and Vite's inputs share common/,
 * lib/ and layouts/; both look at the project root): each listener gets the changed file's name inside the folder.
 */
const folderListeners = new Map<string, ((name: string) => void)[]>();
function onFolderChange(dir: string, recursive: boolean, listener: (name: string) => void): void {
  const key = `${dir}\0${recursive}`;
  let listeners = folderListeners.get(key);
  if (!listeners) {
    const all: ((name: string) => void)[] = (listeners = []);
    folderListeners.set(key, all);
    fs.watch(dir, { recursive }, (_event, name) => {
      if (name) for (const each of all) each(name.toString());
    });
  }
  listeners.push(listener);
}

function watchCode(): void {
  const restart = debounce(50, () => {
    log('code or config changed: rebuilding everything');
    void restartEngine('code');
  });
  for (const dir of CODE_DIRS) {
    onFolderChange(path.join(ROOT, dir), true, (name) => {
      if (/\.(?:[cm]?[jt]sx?|json)$/.test(name)) restart();
    });
  }
  const configName = path.basename(configFile);
  onFolderChange(path.dirname(configFile), false, (name) => {
    if (name === configName) restart();
  });
}

/** Vite's manifest changes after each rebuild: the engine re-reads it and says whether CSS or script changed. */
function watchAssets(): void {
  const dir = path.join(ROOT, '.build');
  fs.mkdirSync(dir, { recursive: true });
  let last = '';
  const check = debounce(20, () => {
    const manifest = path.join(dir, 'assets/.vite/manifest.json');
    const text = fs.existsSync(manifest) ? fs.readFileSync(manifest, 'utf8') : '';
    if (!text) return;
    // Vite wrote its manifest: it built successfully.
    setViteError('');
    if (text === last) return;
    last = text;
    if (engine && !engine.exited && engine.child.connected) engine.child.send({ kind: 'assets' });
  });
  fs.watch(dir, { recursive: true }, (_event, name) => {
    if (name?.toString().endsWith('manifest.json')) check();
  });
  check();
}

/**
 * Widgets and CSS: a fresh `vite build` (about 0.4 s) for each batch of edits, one at a time, in a long-lived child
 * process (scripts/dev-vite.ts). Vite's own `build --watch` was used before: its incremental rebuilds failed now
 * and then in vite:css-post ("Unable to get file name for unknown file"), and stayed broken until restarted.
 */
let viteBuilder: ChildProcess | undefined;
let viteBusy = false;
let viteAgain = false;
function rebuildWidgets(): void {
  if (viteBusy) {
    viteAgain = true;
    return;
  }
  if (!viteBuilder || viteBuilder.exitCode !== null || !viteBuilder.connected) {
    viteBuilder = fork(path.join(ROOT, 'scripts/dev-vite.ts'), [], { cwd: ROOT, execArgv: ['--import', 'tsx'] });
    viteBuilder.on('exit', () => {
      // A builder that dies mid-build (it should not) is replaced at the next edit; the pages say the build failed.
      if (viteBusy) finished({ ok: false, text: 'the Vite build process exited' });
    });
  }
  viteBusy = true;
  viteBuilder.once('message', (outcome: ViteBuildOutcome) => finished(outcome));
  viteBuilder.send('build');
}

function finished(outcome: ViteBuildOutcome): void {
  viteBusy = false;
  const text = (outcome.text ?? '').replace(/\x1b\[[0-9;]*m/g, '').trim();
  if (outcome.ok) readViteInputs();
  // A success clears the error; the new manifest tells the engine what changed (watchAssets).
  setViteError(outcome.ok ? '' : text.slice(0, 4000) || 'vite build failed');
  if (viteAgain) {
    viteAgain = false;
    rebuildWidgets();
  }
}

/**
 * The files Vite read in its last successful build (.build/assets/.inputs.json), so that lib/ and layouts/ edits it
 * does not read are skipped; undefined until a build has written the list. Read once per build, not per file event.
 */
let viteInputs: Set<string> | undefined;
function readViteInputs(): void {
  try {
    viteInputs = new Set(
      JSON.parse(fs.readFileSync(path.join(ROOT, '.build/assets/.inputs.json'), 'utf8')) as string[],
    );
  } catch {
    viteInputs = undefined;
  }
}

function watchWidgets(): void {
  const rebuild = debounce(30, rebuildWidgets);
  // widgets/ and styles/ always (a new file is not an input yet); common/, lib/, layouts/ when Vite reads the file.
  for (const dir of ['widgets', 'styles', 'common', 'lib', 'layouts']) {
    const always = dir === 'widgets' || dir === 'styles';
    onFolderChange(path.join(ROOT, dir), true, (name) => {
      const file = path.join(dir, name);
      if (!/\.(?:[cm]?[jt]sx?|css|json|svg)$/.test(file)) return;
      if (always || !viteInputs || viteInputs.has(file)) rebuild();
    });
  }
  onFolderChange(ROOT, false, (name) => {
    if (name === 'vite.config.ts') rebuild();
  });
}

// ---- Start ----

process.on('uncaughtException', (error) => console.error('[docs] dev server error (it keeps running):', error));
process.on('unhandledRejection', (error) => console.error('[docs] dev server error (it keeps running):', error));

// The first widget build (skipped when .build/assets is current); a widget that does not compile is reported and
// the server starts anyway: the pages show the error until an edit fixes it.
await buildWidgets().done.catch((error: Error) => console.error(`[docs] ${error.message}`));
await bundleClient();
readViteInputs();

const server = http.createServer((req, res) => {
  handle(req, res).catch((error: Error) => {
    // The details go to the terminal, not to whoever asked.
    console.error('[docs] request failed:', error);
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
    res.end("Internal error: see the dev server's terminal.\n");
  });
});
server.on('error', (error: NodeJS.ErrnoException) => {
  console.error(
    error.code === 'EADDRINUSE'
      ? `[docs] port ${port} is in use: start with --port N or PORT=N (0 picks a free port)`
      : `[docs] ${error.message}`,
  );
  stop(1);
});

void restartEngine('');
watchCode();
watchAssets();
watchWidgets();
setInterval(() => {
  for (const client of clients) client.write(': ping\n\n');
}, 15_000).unref();

server.listen(port, host, () => {
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const name = host === 'localhost' ? 'localhost' : shown;
  log(`serving http://${name}:${address.port}/`);
});

function stop(code = 0): void {
  viteBuilder?.kill('SIGTERM');
  engine?.child.kill('SIGTERM');
  process.exit(code);
}
process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());
