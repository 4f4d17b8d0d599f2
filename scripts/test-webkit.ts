// `npm run test:webkit`: the reader flows (test/support/reader-flows.ts) in WebKitGTK, Safari's engine: Debian's
// webkit2gtk-driver (WebKitWebDriver and its MiniBrowser) under xvfb-run, driven by WebdriverIO over classic
// WebDriver, on the built site. Not part of `npm test` (MiniBrowser needs a display, and WebKitGTK's driver is
// slow to start); prints each flow's result and ends with "N passed, N failed". Arguments pick flows by a word of
// their name.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { remote } from 'webdriverio';
import { READER_FLOWS, type ReaderDriver } from '../test/support/reader-flows.ts';
import { startStaticServer } from '../test/support/static-server.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SITE_DIR = path.resolve(process.env.DOCS_SITE_DIR ?? path.join(ROOT, '_site'));
const DRIVER = process.env.WEBKIT_DRIVER ?? '/usr/bin/WebKitWebDriver';
const MINIBROWSER = process.env.WEBKIT_MINIBROWSER ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

if (!fs.existsSync(path.join(SITE_DIR, 'index.html'))) fail(`build the site first (npm run build): ${SITE_DIR}`);
for (const [file, hint] of [
  [DRIVER, 'apt-get install webkit2gtk-driver'],
  [MINIBROWSER, 'apt-get install webkit2gtk-driver (MiniBrowser comes with it), or set WEBKIT_MINIBROWSER'],
  ['/usr/bin/xvfb-run', 'apt-get install xvfb xauth'],
]) {
  if (!fs.existsSync(file)) fail(`${file} is missing: ${hint}`);
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const port = await freePort();
// Its own process group, so that the driver, Xvfb and the browsers end together.
// -noreset: Xvfb otherwise resets when its last client (a closed browser) leaves, and the next browser found no display.
const driver = spawn(
  'xvfb-run',
  ['-a', '-s', '-screen 0 1280x1024x24 -noreset', DRIVER, `--port=${port}`, '--host=127.0.0.1'],
  { detached: true, stdio: ['ignore', 'inherit', 'inherit'] },
);
const stopDriver = () => {
  try {
    process.kill(-driver.pid!, 'SIGTERM');
  } catch {
    // Already gone.
  }
};
process.on('exit', stopDriver);

for (let tries = 0; ; tries++) {
  const ready = await fetch(`http://127.0.0.1:${port}/status`).then(
    (r) => r.ok,
    () => false,
  );
  if (ready) break;
  if (tries > 100 || driver.exitCode !== null) fail(`WebKitWebDriver did not start (exit code ${driver.exitCode})`);
  await new Promise((resolve) => setTimeout(resolve, 100));
}

const server = await startStaticServer(SITE_DIR);
const SITE_SCRIPT_RAN = `!document.documentElement.dataset.script || !!window.__docsRuntime`;
let passed = 0;
let failed = 0;

async function session() {
  // WebKitGTK's own capability (webkitgtk:browserOptions) is not in WebdriverIO's types: passed as a variable.
  const capabilities = {
    browserName: 'MiniBrowser',
    'wdio:enforceWebDriverClassic': true,
    'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
  };
  return remote({ hostname: '127.0.0.1', port, logLevel: 'error', capabilities });
}

// One browser for all flows (WebKitGTK takes seconds to start one); each flow starts with empty storage.
const browser = await session().catch((error: Error) => fail(`no WebKitGTK session: ${error.message}`));
await browser.setWindowSize(1280, 900);
// `npm run test:webkit -- menu` runs the flows whose name has "menu".
const only = process.argv.slice(2);
for (const flow of READER_FLOWS.filter((f) => !only.length || only.some((word) => f.name.includes(word)))) {
  await browser.url(`${server.url}/`);
  await browser.execute('localStorage.clear(); sessionStorage.clear();');
  const d: ReaderDriver = {
    async goto(pathname) {
      await browser.url(server.url + pathname);
      await browser.waitUntil(() => browser.execute(`return ${SITE_SCRIPT_RAN}`) as Promise<boolean>, {
        timeout: 15_000,
      });
    },
    run: <T>(expression: string) => browser.execute(`return (${expression});`) as Promise<T>,
    hover: (x, y) => browser.action('pointer').move({ x, y, origin: 'viewport' }).perform(),
    click: (x, y) => browser.action('pointer').move({ x, y, origin: 'viewport' }).down().up().perform(),
    press: (keys) => browser.keys(keys),
    type: (text) => browser.keys(text),
  };
  try {
    await flow.run(d);
    passed++;
    console.log(`✔ ${flow.name}`);
  } catch (error) {
    failed++;
    console.log(`✖ ${flow.name}\n  ${(error as Error).message.split('\n').join('\n  ')}`);
  }
}
await browser.deleteSession().catch(() => {});

await server.close();
stopDriver();
console.log(`\n${passed} passed, ${failed} failed (WebKitGTK)`);
process.exit(failed ? 1 : 0);
