// Counts and failure lists of an examples run, as `npm test` and `npm run check:examples` print them.
import { LANGS, type Lang } from '../content/pages.ts';
import { browserVersions } from './browser.ts';
import { rstestVersion, type Outcome } from './run.ts';
import { targetOrUndefined, typescriptVersion } from './typecheck.ts';

export interface LangCounts {
  lang: Lang;
  found: number;
  /** Run by Rstest (test and config blocks). */
  ran: number;
  /** Signature blocks type-checked against the real package. */
  typeChecked: number;
  /** Of both. */
  passed: number;
  failed: number;
  skipped: number;
  support: number;
  /** `no-run` reason → how many blocks give it. */
  reasons: Map<string, number>;
  /** Of `ran` and `passed`: the blocks marked `browser` / `browser-fragment` (Browser Mode, @rstest/core 0.11.9). */
  browserRan: number;
  browserPassed: number;
  /** Of `typeChecked`: signatures checked against the Browser Mode workspace's packages (@rstest/browser 0.11.9 …). */
  browserTypeChecked: number;
}

/** A signature block checked against the Browser Mode workspace (`signature="@rstest/browser"`, `"@rstest/core@0.11.9"`). */
const workspaceSignature = (o: Outcome) =>
  o.block.signature !== undefined && targetOrUndefined(o.block.signature)?.base === 'browser-mode';

export function countByLang(outcomes: Outcome[]): LangCounts[] {
  return LANGS.map((lang) => {
    const mine = outcomes.filter((o) => o.block.lang === lang);
    const reasons = new Map<string, number>();
    for (const o of mine) if (o.status === 'skipped') reasons.set(o.message!, (reasons.get(o.message!) ?? 0) + 1);
    const done = mine.filter((o) => (o.status === 'passed' || o.status === 'failed') && o.block.noRun === undefined);
    return {
      lang,
      found: mine.length,
      ran: done.filter((o) => o.block.signature === undefined).length,
      typeChecked: done.filter((o) => o.block.signature !== undefined).length,
      passed: mine.filter((o) => o.status === 'passed').length,
      failed: mine.filter((o) => o.status === 'failed').length,
      skipped: mine.filter((o) => o.status === 'skipped').length,
      support: mine.filter((o) => o.status === 'support').length,
      reasons,
      browserRan: mine.filter(
        (o) => (o.status === 'passed' || o.status === 'failed') && o.block.noRun === undefined && o.block.browser,
      ).length,
      browserPassed: mine.filter((o) => o.status === 'passed' && o.block.browser).length,
      browserTypeChecked: done.filter(workspaceSignature).length,
    };
  }).filter((c) => c.found > 0);
}

export function summaryText(outcomes: Outcome[], durationMs: number, runs: number): string {
  const browser = browserVersions()
    .map((v) => `${v.pkg} ${v.installed}`)
    .join(', ');
  const lines = [
    `Code examples run with @rstest/core ${rstestVersion().installed}, signatures type-checked with TypeScript ${typescriptVersion()}: ${(durationMs / 1000).toFixed(1)} s, ${runs} Rstest runs`,
    `  Browser Mode blocks (browser, browser-fragment) run in Chromium with ${browser}: @rstest/browser has no 0.12.0 release`,
    `  Browser Mode signatures (signature="@rstest/browser", "@rstest/browser-react", "@rstest/core@0.11.9") type-checked against the published types of ${browser} (test/examples/browser-mode), the others against @rstest/core ${rstestVersion().installed}`,
  ];
  for (const c of countByLang(outcomes)) {
    lines.push(
      `  ${c.lang}: ${c.found} blocks found, ${c.ran} ran, ${c.typeChecked} type-checked (signatures), ${c.passed} passed, ${c.failed} failed, ${c.support} support files, ${c.skipped} skipped (no-run); Browser Mode: ${c.browserRan} ran, ${c.browserPassed} passed, ${c.browserTypeChecked} signatures type-checked against the Browser Mode workspace (@rstest/browser ${browserVersions().find((v) => v.pkg === '@rstest/browser')?.installed})`,
    );
    for (const [reason, n] of [...c.reasons].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])))
      lines.push(`      ${n} × no-run="${reason}"`);
  }
  return lines.join('\n');
}

/** What a writer can do about the commonest failures (see docs/authoring.md, "Code examples run"). */
const HINTS: [RegExp, string][] = [
  [
    /No test suites found in file/,
    'not a test file: make it a complete test, give it a file title (a support file: title="src/x.ts"), mark a type signature `signature`, or mark it no-run="…"',
  ],
  [/No test found in suite/, 'the file has hooks or setup but no test(): add one, or mark the block no-run="…"'],
  [
    /Cannot find module '\.{1,2}\/|Can't resolve '\.{1,2}\//,
    'add a block titled with that path on the same page (```ts title="src/x.ts"), or define it in the test',
  ],
  [
    /Cannot find module '[^.]|Can't resolve '[^.]/,
    'a package the docs repository does not install: use an installed one, or mark the block no-run="needs <package>"',
  ],
  [
    /run offline/,
    'examples run offline: stub the call (rs.stubGlobal(\'fetch\', …), a local server), or mark the block no-run="needs network access"',
  ],
  [
    /not found \(resolved path|Can't resolve project|No projects found/,
    'the config names files or folders the page does not show: add them as titled blocks, or mark the config no-run="…"',
  ],
  [/no-run needs a reason/, ''],
  [
    /TS2304: Cannot find name|TS2552: Cannot find name/,
    "a name neither the block nor the package exports: fix the typo, import it in the block (import type { X } from 'pkg'), or declare it",
  ],
  [
    /does not fit the documented|not found on the real|is not assignable to the real|is not an export of/,
    'the page disagrees with the published types: correct the signature on both language versions of the page (or mark it signature="simplified" when it is simplified on purpose)',
  ],
];

/** One failure: `content/en/x.md:12 (test block): message`, the message indented below, then a hint. */
export function failureText(o: Outcome): string {
  const role =
    o.block.signature !== undefined
      ? 'signature'
      : o.block.role === 'test'
        ? 'test'
        : o.block.role === 'config'
          ? 'config'
          : 'support file';
  const title = o.block.title ? ` title="${o.block.title}"` : '';
  const hint = HINTS.find(([re]) => re.test(o.message ?? ''))?.[1];
  const body = [...(o.message ?? '').split('\n'), ...(hint ? [`→ ${hint}`] : [])].map((l) => `    ${l}`).join('\n');
  return `${o.block.where} (\`\`\`${o.block.fence.lang}${title}, ${role}):\n${body}`;
}
