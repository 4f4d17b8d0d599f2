// Config blocks type-checked: every `rstest.config.*` block (and any other `<tool>.config.*` block: rsbuild, rslib,
// rspack) is written as it stands, with the page's support files beside it, and checked by one tsc program against
// the installed packages' types. Running a config proves it loads; only the types say that `retries: 2` is no key
// of `RstestConfig` (Rstest ignores unknown keys) or that `retry: 'two'` is the wrong type.
//
//   <dir>/config-types/<lang>/<page>/L<line>/            a block checked with the repository's node_modules
//   <dir>/config-types/browser-mode/<lang>/<page>/L<line>/  a `browser` block: the Browser Mode workspace's pair
//
// A diagnostic in the config, or in a support file it imports, is an error at the Markdown line it comes from.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../content/pages.ts';
import { supportFor, type Block } from './blocks.ts';
import { linkWorkspace, parseDiagnostics, runTsc, TSCONFIG, typescriptVersion, type Diagnostic } from './typecheck.ts';

export interface ConfigTypeResult {
  block: Block;
  ok: boolean;
  /** The errors, each as `content/<lang>/<page>.md:<line>: TSxxxx: message`. */
  message?: string;
}

const TOOL_CONFIG = /(?:^|\/)(?:rstest|rsbuild|rslib|rspack)(?:\.[\w-]+)?\.config\.[cm]?[jt]s$/;

/** A config block whose types are checked: an Rstest config, or an Rsbuild / Rslib / Rspack config shown beside one. */
export function typedConfig(block: Block): boolean {
  if (block.noRun !== undefined || block.signature !== undefined) return false;
  return block.role === 'config' || (block.role === 'support' && TOOL_CONFIG.test(block.file));
}

const CONFIG_TSCONFIG = {
  compilerOptions: { ...TSCONFIG.compilerOptions, paths: undefined, allowJs: true, checkJs: true },
};

/**
 * Type-checks config blocks (see `typedConfig`) in `dir` (whose node_modules resolves to the repository's; a new
 * temp folder when omitted, removed afterwards). `pageBlocksOf` gives a page's blocks, its support files' source.
 */
export async function checkConfigTypes(
  blocks: Block[],
  pageBlocksOf: (page: string) => Block[],
  dir?: string,
): Promise<ConfigTypeResult[]> {
  const configs = blocks.filter(typedConfig);
  if (!configs.length) return [];
  const own = !dir;
  const root = dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'rstest-config-types-'));
  if (own) fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'));
  const work = path.join(root, 'config-types');
  try {
    /** Written file → the block it came from. */
    const origins = new Map<string, Block>();
    /** Config file → its block, and the files of its project (a support file's error fails the config that imports it). */
    const entries = new Map<string, { block: Block; dir: string }>();
    for (const block of configs) {
      const base = block.browser ? 'browser-mode/' : '';
      const project = path.join(
        work,
        `${base}${block.lang}/${block.page.rel.replace(/\.md$/, '')}/L${block.fence.line}`,
      );
      const page = pageBlocksOf(block.page.file);
      for (const support of supportFor(block, page)) {
        if (support === block || !/\.[cm]?[jt]sx?$/.test(support.file)) continue;
        const file = path.join(project, support.file);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, support.fence.content);
        origins.set(file, support);
      }
      const file = path.join(project, block.file);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, block.fence.content);
      origins.set(file, block);
      entries.set(file, { block, dir: project });
    }
    if (configs.some((b) => b.browser)) linkWorkspace(path.join(work, 'browser-mode'));
    fs.writeFileSync(
      path.join(work, 'tsconfig.json'),
      JSON.stringify({ ...CONFIG_TSCONFIG, files: [...entries.keys()].map((f) => path.relative(work, f)) }, null, 2),
    );
    const run = await runTsc(work);
    const { diagnostics, other } = parseDiagnostics(run.output, work);
    const errors = new Map<Block, string[]>();
    const stray: Diagnostic[] = [];
    for (const d of diagnostics) {
      const from = origins.get(d.file);
      const entry = [...entries.values()].find((e) => d.file.startsWith(`${e.dir}/`));
      if (!from || !entry) {
        stray.push(d);
        continue;
      }
      errors.set(entry.block, [
        ...(errors.get(entry.block) ?? []),
        `${from.page.file}:${from.fence.line + d.line}: ${d.text}`,
      ]);
    }
    const tscFailed =
      (run.code !== 0 && !diagnostics.length) || stray.length > 0 || other.some((l) => /error TS\d+/.test(l));
    const broken = tscFailed
      ? `tsc (TypeScript ${typescriptVersion()}) failed: ${[...stray.map((d) => `${path.relative(work, d.file)}:${d.line}: ${d.text}`), ...other].join('\n') || `exit code ${run.code}`}`
      : undefined;
    return configs.map((block) => {
      const all = [...(errors.get(block) ?? []), ...(broken ? [broken] : [])];
      return { block, ok: !all.length, message: all.length ? all.join('\n') : undefined };
    });
  } finally {
    if (own) fs.rmSync(root, { recursive: true, force: true });
  }
}
