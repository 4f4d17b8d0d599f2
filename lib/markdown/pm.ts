// Derives the yarn, pnpm and bun forms of one npm command (the `pm` fence and <pm-tabs>).

export const PACKAGE_MANAGERS = ['npm', 'yarn', 'pnpm', 'bun'] as const;
export type PackageManager = (typeof PACKAGE_MANAGERS)[number];
export type PmCommands = Record<PackageManager, string>;

const DEV = new Set(['-D', '--save-dev']);
const GLOBAL = new Set(['-g', '--global']);
const EXACT = new Set(['-E', '--save-exact']);

/**
 * One command per manager, written out (`npm: npm i x` / `yarn: yarn add x`, one a line), as Rspress's
 * <PackageManagerTabs command={{ … }}> gives them; a manager left out is derived from the npm line.
 */
function explicitCommands(text: string): PmCommands | undefined {
  const lines = text
    .trim()
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const given: Partial<PmCommands> = {};
  for (const line of lines) {
    const m = /^(npm|yarn|pnpm|bun):\s*(.+)$/.exec(line);
    if (!m) return undefined;
    given[m[1] as PackageManager] = m[2];
  }
  if (!given.npm) throw new Error('a pm block that names its commands needs an npm: line');
  let derived: PmCommands | undefined;
  try {
    derived = derivePmCommands(given.npm);
  } catch {
    derived = undefined;
  }
  const out = {} as PmCommands;
  for (const pm of PACKAGE_MANAGERS) out[pm] = given[pm] ?? derived?.[pm] ?? given.npm;
  return out;
}

/** Throws with a readable message when the command is not one it understands. */
export function derivePmCommands(npmCommand: string): PmCommands {
  if (/^(npm|yarn|pnpm|bun):/.test(npmCommand.trim())) {
    const explicit = explicitCommands(npmCommand);
    if (explicit) return explicit;
  }
  const words = npmCommand.trim().split(/\s+/);
  const [tool, sub, ...rest] = words;
  const line = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ');
  if (tool === 'npx') {
    const args = [sub, ...rest].join(' ');
    return { npm: line('npx', args), yarn: line('yarn', args), pnpm: line('pnpm', args), bun: line('bunx', args) };
  }
  if (tool !== 'npm' || !sub) {
    throw new Error(
      `"${npmCommand}" is not an npm command; write it as npm install/uninstall/run/test/create …, or npx …`,
    );
  }
  const npm = words.join(' ');
  if (sub === 'install' || sub === 'i' || sub === 'add') {
    const packages = rest.filter((w) => !w.startsWith('-'));
    const dev = rest.some((w) => DEV.has(w));
    const global = rest.some((w) => GLOBAL.has(w));
    const exact = rest.some((w) => EXACT.has(w));
    const others = rest.filter((w) => w.startsWith('-') && !DEV.has(w) && !GLOBAL.has(w) && !EXACT.has(w));
    if (packages.length === 0) {
      return {
        npm,
        yarn: line('yarn install', ...others),
        pnpm: line('pnpm install', ...others),
        bun: line('bun install', ...others),
      };
    }
    const flags = (exactFlag: string) => [dev ? '-D' : '', exact ? exactFlag : '', ...others];
    const pkgs = packages.join(' ');
    return {
      npm,
      yarn: line(global ? 'yarn global add' : 'yarn add', ...flags('--exact'), pkgs),
      pnpm: line('pnpm add', global ? '-g' : '', ...flags('--save-exact'), pkgs),
      bun: line('bun add', global ? '-g' : '', ...flags('--exact'), pkgs),
    };
  }
  if (sub === 'uninstall' || sub === 'remove' || sub === 'rm' || sub === 'un') {
    const pkgs = rest.join(' ');
    return { npm, yarn: line('yarn remove', pkgs), pnpm: line('pnpm remove', pkgs), bun: line('bun remove', pkgs) };
  }
  if (sub === 'run' || sub === 'run-script' || sub === 'test' || sub === 't') {
    const [script, ...args] = sub.startsWith('t') ? ['test', ...rest] : rest;
    if (!script) throw new Error(`"${npmCommand}" names no script; write npm run <script>`);
    const tail = args.filter((w) => w !== '--').join(' ');
    return {
      npm,
      yarn: line('yarn', script, tail),
      pnpm: line('pnpm', script, tail),
      bun: line('bun run', script, tail),
    };
  }
  if (sub === 'init' && rest.length === 0) {
    return { npm, yarn: 'yarn init', pnpm: 'pnpm init', bun: 'bun init' };
  }
  if (sub === 'create' || sub === 'init') {
    const args = rest.join(' ');
    return { npm, yarn: line('yarn create', args), pnpm: line('pnpm create', args), bun: line('bun create', args) };
  }
  throw new Error(`"npm ${sub}" has no known yarn/pnpm/bun form; use install, uninstall, run, test, create or npx`);
}
