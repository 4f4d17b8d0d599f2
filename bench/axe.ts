// `npm run bench:axe`: axe-core on every page of the built site at 1280 px and 375 px, in light and dark (issue
// 14): prints the findings per rule and impact, the pages of each, and exits 1 on any serious or critical one.
// The e2e suite checks a sample (test/e2e/accessibility.test.ts); this is the full crawl. Routes may be given as
// arguments; DOCS_SITE_DIR points at another build.
import fs from 'node:fs';
import path from 'node:path';
import {
  axeFindings,
  builtRoutes,
  isSerious,
  prepareAxe,
  SCHEMES,
  VIEWPORTS,
  type AxeFinding,
} from '../test/support/axe.ts';
import { launchChromium, newOfflineContext } from '../test/support/browser.ts';
import { startStaticServer } from '../test/support/static-server.ts';

const SITE = path.resolve(process.env.DOCS_SITE_DIR ?? path.join(import.meta.dirname, '../_site'));
if (!fs.existsSync(path.join(SITE, 'index.html'))) {
  console.error(`No built site in ${SITE}: run npm run build first.`);
  process.exit(1);
}
const routes = process.argv.slice(2).length ? process.argv.slice(2) : builtRoutes(SITE);

const server = await startStaticServer(SITE);
const browser = await launchChromium();
const started = performance.now();
/** rule id → impact, help and the pages (with viewport and scheme) it was found on. */
const byRule = new Map<string, { impact: string; help: string; where: string[] }>();
let runs = 0;
try {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    for (const scheme of SCHEMES) {
      const context = await newOfflineContext(browser, { viewport, colorScheme: scheme });
      await prepareAxe(context);
      const page = await context.newPage();
      for (const route of routes) {
        await page.goto(server.url + route);
        const findings: AxeFinding[] = await axeFindings(page);
        runs++;
        for (const f of findings) {
          const entry = byRule.get(f.id) ?? { impact: f.impact, help: f.help, where: [] };
          entry.where.push(`${route} (${name}, ${scheme}): ${f.targets.join(', ')}`);
          byRule.set(f.id, entry);
        }
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}

const serious = [...byRule.values()].filter((r) => isSerious({ impact: r.impact } as AxeFinding));
console.log(
  `axe-core on ${routes.length} pages × ${Object.keys(VIEWPORTS).length} widths × ${SCHEMES.length} schemes = ${runs} runs in ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
for (const [id, { impact, help, where }] of [...byRule].sort((a, b) => b[1].where.length - a[1].where.length)) {
  console.log(`\n${impact.padEnd(9)} ${id}: ${help} — on ${where.length} page runs`);
  for (const line of where.slice(0, 5)) console.log(`    ${line}`);
  if (where.length > 5) console.log(`    … and ${where.length - 5} more`);
}
const count = (impact: string) =>
  [...byRule.values()].filter((r) => r.impact === impact).reduce((n, r) => n + r.where.length, 0);
console.log(
  `\nfindings (page runs): critical ${count('critical')}, serious ${count('serious')}, moderate ${count('moderate')}, minor ${count('minor')}`,
);
console.log(`${serious.length ? 'FAIL' : 'ok  '}  serious or critical rules: ${serious.length} (budget 0)`);
process.exit(serious.length ? 1 : 0);
