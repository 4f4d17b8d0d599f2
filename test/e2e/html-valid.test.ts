// Every built page is valid HTML to the Nu HTML Checker (vnu-jar from npm, run by the system's Java: Debian's
// default-jre-headless, which .ci/run installs when missing). One Java run over all pages: the checker's start-up
// costs more than the pages.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'node:test';
import { SITE_DIR } from './runtime-setup.ts';

const require = createRequire(import.meta.url);

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

const JAVA = process.env.JAVA ?? 'java';

test('the Nu HTML Checker reports no error on any built page', () => {
  assert.ok(fs.existsSync(path.join(SITE_DIR, 'index.html')), `build the site first (npm run build): ${SITE_DIR}`);
  const pages = (fs.readdirSync(SITE_DIR, { recursive: true }) as string[]).filter((f) => f.endsWith('.html')).sort();
  assert.ok(pages.length > 100, `expected the whole site, found ${pages.length} pages`);
  // vnu-jar's main module exports the jar's path (a String object); its own runner is not used, as it would
  // download a Java runtime where none is installed.
  const jar = String(require('vnu-jar'));
  // One short run: the quick JIT alone (C1) and one GC thread take half the CPU time of Java's defaults, which
  // compile the checker again with C2 on the other core. C1 frames are larger: the schema's recursion needs 8 MB.
  const java = ['-Xss8m', '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];
  const result = spawnSync(JAVA, [...java, '-jar', jar, '--errors-only', '--format', 'json', ...pages], {
    cwd: SITE_DIR,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  assert.ifError(
    result.error &&
      new Error(`could not run ${JAVA} (install Java: apt-get install default-jre-headless): ${result.error.message}`),
  );
  // The JSON report is on stderr; the exit status is 1 when there are errors.
  let messages: VnuMessage[];
  try {
    messages = (JSON.parse(result.stderr) as { messages: VnuMessage[] }).messages;
  } catch {
    assert.fail(`vnu gave no JSON report (status ${result.status}):\n${result.stderr.slice(0, 2000)}`);
  }
  const errors = messages.filter((m) => m.type === 'error' || m.subType === 'fatal');
  const lines = errors.map(
    (m) =>
      `${path.relative(SITE_DIR, (m.url ?? '').replace(/^file:/, ''))}:${m.lastLine ?? '?'}: ${m.message}  «${(m.extract ?? '').trim().slice(0, 80)}»`,
  );
  assert.deepEqual(lines.slice(0, 40), [], `${errors.length} errors from the Nu HTML Checker (first 40 shown)`);
});
