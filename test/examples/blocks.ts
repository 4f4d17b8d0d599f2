// The runnable code examples of the docs: every ```ts / ```tsx / ```js / ```jsx fence of a page, with the role its
// title gives it (test file, Rstest config, support file) and the file it is written to in the page's project.
// See docs/authoring.md ("Code examples run") for the convention the writers follow.
import path from 'node:path';
import { parseFenceInfo } from '../../lib/markdown/code.ts';
import { fences, type Fence, type Lang, type Page } from '../content/pages.ts';

export const EXAMPLE_LANGS: readonly string[] = ['ts', 'tsx', 'js', 'jsx'];

/**
 * - `test`: a complete test file (title `*.test.*` / `*.spec.*`, or no file-name title).
 * - `config`: an Rstest config file (title `rstest.config.*` or `rstest.<name>.config.*`).
 * - `support`: any other file-name title (`src/sum.ts`); written for the page's other blocks to import.
 */
export type Role = 'test' | 'config' | 'support';

export interface Block {
  page: Page;
  lang: Lang;
  fence: Fence;
  /** `content/en/guide/basic/mock.md:42`: the opening fence. */
  where: string;
  role: Role;
  /** The fence's `title="…"`, as written. */
  title?: string;
  /** The `no-run` reason when the fence carries the marker (`''` when it has none: an error). */
  noRun?: string;
  /**
   * The `signature` marker's value when the fence carries it (`''` for a bare `signature`): the block is a type
   * signature, type-checked against the real package (test/examples/typecheck.ts) instead of run.
   */
  signature?: string;
  /** Path of the block's file inside its page's project folder, with forward slashes. */
  file: string;
  /** Marked `browser` or `browser-fragment`: runs in Browser Mode (test/examples/browser.ts). */
  browser?: BrowserMarker;
}

/**
 * - `browser`: the block is a whole file (test, config or support file) of a Browser Mode project.
 * - `browser-fragment`: a few statements of a Browser Mode test (`await page.getByRole(…).click()`). The harness
 *   wraps them, unchanged, into a test that imports `page` from `@rstest/browser` and `expect`/`test` from
 *   `@rstest/core`, after setting `document.body.innerHTML` to the `fixture='<markup>'` of the fence (if any).
 */
export interface BrowserMarker {
  fragment: boolean;
  fixture?: string;
}

const NO_RUN = /(?:^|\s)no-run(?:=(?:"([^"]*)"|'([^']*)'|(\S*)))?(?=\s|$)/;

const BROWSER = /(?:^|\s)browser(-fragment)?(?=\s|$)/;
const FIXTURE = /(?:^|\s)fixture=(?:'([^']*)'|"([^"]*)")/;

/** The Browser Mode marker of a fence's info string (after its `no-run` and `fixture` values are taken out). */
export function browserMarker(info: string): BrowserMarker | undefined {
  const fixture = FIXTURE.exec(info);
  const rest = info.replace(NO_RUN, ' ').replace(FIXTURE, ' ');
  const m = BROWSER.exec(rest);
  if (!m) return undefined;
  return { fragment: !!m[1], ...(fixture ? { fixture: fixture[1] ?? fixture[2] } : {}) };
}

/** The `no-run` marker of a fence's info string: undefined when absent, else its trimmed reason (maybe ''). */
export function noRunReason(info: string): string | undefined {
  const m = NO_RUN.exec(info);
  if (!m) return undefined;
  return (m[1] ?? m[2] ?? m[3] ?? '').trim();
}

/** The info string's `key=value` attributes and bare words, quoted values kept whole. */
function infoTokens(info: string): { key: string; value?: string }[] {
  const out: { key: string; value?: string }[] = [];
  for (const m of info.matchAll(/([^\s=]+)(?:=(?:"([^"]*)"|'([^']*)'|(\S*)))?/g))
    out.push({ key: m[1], value: m[2] ?? m[3] ?? m[4] });
  return out;
}

/**
 * The `signature` marker of a fence's info string (`ts signature`, `ts signature="rs"`): undefined when absent,
 * else its trimmed value ('' for the bare word). Words inside another attribute's quotes (`no-run="type
 * signature"`) do not count.
 */
export function signatureOf(info: string): string | undefined {
  const token = infoTokens(info).find((t) => t.key === 'signature');
  return token ? (token.value ?? '').trim() : undefined;
}

/**
 * A title names a file when it looks like a relative path ending in an extension (`src/sum.ts`,
 * `rstest.config.mts`); anything else (`Jest`, `Before`, `CLI`) is a tab label and the block counts as untitled.
 */
export function titleFile(title: string | undefined): string | undefined {
  if (!title || !/^[\w@$+.\-/[\]()]+\.[A-Za-z0-9]+$/.test(title)) return undefined;
  const normal = path.posix.normalize(title.replace(/^\/+/, ''));
  if (normal.startsWith('../') || normal === '..') return undefined;
  return normal;
}

export function roleOf(file: string | undefined): Role {
  if (!file) return 'test';
  const base = path.posix.basename(file);
  if (/^rstest\.(?:[^/]+\.)?config\.[cm]?[jt]sx?$/.test(base)) return 'config';
  if (/\.(?:test|spec)\.[cm]?[jt]sx?$/.test(base)) return 'test';
  return 'support';
}

/** The example blocks of one page, in order, with their files (duplicate test titles get a `.L<line>` infix). */
export function pageBlocks(page: Page): Block[] {
  const taken = new Set<string>();
  return fences(page)
    .filter((fence) => EXAMPLE_LANGS.includes(fence.lang))
    .map((fence) => {
      const title = parseFenceInfo(fence.info).title;
      const named = titleFile(title);
      const role = roleOf(named);
      let file = named ?? `example-L${fence.line}.test.${fence.lang}`;
      if (role === 'test') {
        // Two blocks titled `src/cart.test.ts` on one page: the later ones become `src/cart.L71.test.ts`.
        if (taken.has(file)) file = file.replace(/(\.(?:test|spec)\.[^.]+)$/, `.L${fence.line}$1`);
        taken.add(file);
      }
      const browser = browserMarker(fence.info);
      return {
        page,
        lang: page.lang,
        fence,
        where: fence.where,
        role,
        title,
        noRun: noRunReason(fence.info),
        signature: signatureOf(fence.info),
        file,
        ...(browser ? { browser } : {}),
      };
    });
}

/**
 * Files in other languages that examples import (a Vue or Svelte component, a text file loaded by a loader rule),
 * shown as ```html title="src/TodoList.vue"``` or ```txt title="src/banner.txt"```: written with the page's support
 * files, never run or counted as blocks.
 */
export const ASSET_EXTS: readonly string[] = ['vue', 'svelte', 'txt'];

export function pageAssets(page: Page): Block[] {
  return fences(page)
    .filter((fence) => !EXAMPLE_LANGS.includes(fence.lang))
    .flatMap((fence): Block[] => {
      const title = parseFenceInfo(fence.info).title;
      const file = titleFile(title);
      if (!file || !ASSET_EXTS.includes(path.posix.extname(file).slice(1))) return [];
      return [
        {
          page,
          lang: page.lang,
          fence,
          where: fence.where,
          role: 'support',
          title,
          noRun: noRunReason(fence.info),
          file,
        },
      ];
    });
}

export function allBlocks(pages: Page[]): Block[] {
  return pages.flatMap(pageBlocks);
}

/**
 * The support files a test or config block sees: for each support path, the latest block with that title
 * above it on the page, else the first one below it. Blocks marked `no-run` or `signature` are not written.
 */
export function supportFor(block: Block, pageBlocksInOrder: Block[]): Block[] {
  const byFile = new Map<string, Block>();
  for (const other of pageBlocksInOrder) {
    if (other.role !== 'support' || other.noRun !== undefined || other.signature !== undefined) continue;
    const current = byFile.get(other.file);
    const above = other.fence.line < block.fence.line;
    if (!current || (above && current.fence.line < other.fence.line)) byFile.set(other.file, other);
  }
  return [...byFile.values()];
}
