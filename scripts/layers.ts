// The layering check: dependency-cruiser with the rules in .dependency-cruiser.mjs over every source file of
// the repository (or of another folder laid out the same way: the test's fixture). `npm run check:layers`
// prints the violations; test/unit/architecture.test.ts runs it in `npm test`.
import fs from 'node:fs';
import path from 'node:path';
import { cruise, type IViolation } from 'dependency-cruiser';
import config from '../.dependency-cruiser.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE = /^(?:(common|lib|layouts|widgets|eleventy|scripts|bench|test)\/.*|(site|vite)\.config\.ts)$/;

function sourceFiles(root: string): string[] {
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => SOURCE.test(f) && /\.(ts|tsx|mjs|js)$/.test(f) && !f.endsWith('.d.ts'))
    .filter((f) => !/(^|\/)(node_modules|content)\//.test(f) && !/^test\/fixtures\/(sites|layering)\//.test(f));
}

export interface LayerViolation {
  rule: string;
  from: string;
  to: string;
  /** The modules of an import cycle, when the rule is no-circular. */
  cycle?: string[];
  /** Why the rule exists and how to fix the import. */
  comment: string;
}

/** Violations of the layering rules among the source files under `root` (paths relative to it). */
export async function checkLayers(root = ROOT): Promise<LayerViolation[]> {
  const babelConfig = JSON.parse(fs.readFileSync(path.join(ROOT, 'babel.config.json'), 'utf8')) as object;
  const cwd = process.cwd();
  // dependency-cruiser resolves and reports paths relative to the working folder.
  process.chdir(root);
  try {
    const result = await cruise(
      sourceFiles(root),
      { ...config.options, baseDir: root, validate: true, ruleSet: { forbidden: config.forbidden } },
      undefined,
      { babelConfig },
    );
    if (typeof result.output === 'string')
      throw new Error('dependency-cruiser returned text, expected a result object');
    const comments = new Map(config.forbidden.map((rule) => [rule.name, rule.comment ?? '']));
    return result.output.summary.violations.map((v: IViolation) => ({
      rule: v.rule.name,
      from: v.from,
      to: v.to,
      cycle: v.cycle?.map((step) => step.name),
      comment: comments.get(v.rule.name) ?? '',
    }));
  } finally {
    process.chdir(cwd);
  }
}

export function formatViolation(v: LayerViolation): string {
  const what = v.cycle ? `import cycle: ${[v.from, ...v.cycle].join(' → ')}` : `${v.from} imports ${v.to}`;
  return `${v.rule}: ${what}\n    ${v.comment}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const violations = await checkLayers();
  for (const v of violations) console.error(formatViolation(v));
  console.log(violations.length ? `${violations.length} layering violation(s)` : 'layering: no violations');
  process.exit(violations.length ? 1 : 0);
}
