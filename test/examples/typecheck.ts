// Signature blocks (```ts signature): type-checked with the repository's TypeScript (node_modules/typescript, one
// `tsc` program for all of them) against the published types of the installed packages (@rstest/core 0.12.0's
// dist/*.d.ts), instead of being run. See docs/authoring.md ("Type signatures").
//
// Each block becomes its own module, <dir>/<lang>/<page>/L<line>.ts:
//
//   line 1      import { <every export of @rstest/core and of the target module the block does not declare> } …;
//               import * as __real from '<target module>';
//   lines 2…    the block, with `declare ` put before top-level functions, classes and consts without a value
//   then        one check line per documented declaration whose name is an export of the target:
//                 function / const / class N:  the real N is assignable to the documented `typeof N`
//                 interface / type N<T…>:      the real N<T…> is assignable to the documented N<T…>
//                 each of them:                every member name the documentation uses exists on the real one, at
//                                              any depth (`__Extra`: `options.intervalMs` fails where the real
//                                              option is `interval`, which assignability alone lets through)
//                 type N<T…> (alias):          also the documented N<T…> is assignable to the real one
//
// The target is the marker's value: `signature` → '@rstest/core'; `signature="@rstest/core/api"` → that module;
// `signature="rs"` → members of @rstest/core's `rs` export (`rs.useFakeTimers`); `signature="simplified"` → names
// and syntax only, no comparison. A module is resolved from the repository's node_modules (@rstest/core 0.12.0), or,
// when it is not installed there or the marker asks for another version (`signature="@rstest/core@0.11.9"`), from
// the Browser Mode workspace test/examples/browser-mode (`signature="@rstest/browser"`: @rstest/browser 0.11.9 with
// @rstest/core 0.11.9). Such a block is written under <dir>/browser-mode/, where `@rstest/*` resolves to the
// workspace's packages, and imports '@rstest/browser' (its augmentation of `ExpectStatic`), as a Browser Mode test does. A function or const the block documents that the target does not have, an unknown
// name, a syntax error: all are errors at the Markdown line they come from. A const with a value (`const thresholds:
// CoverageThresholds = { … }`) is code, type-checked as it stands.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseSync } from '@babel/core';
import { ROOT } from '../content/pages.ts';
import type { Block } from './blocks.ts';

export const CORE = '@rstest/core';

/**
 * Where a target module's types are installed: the repository's node_modules, or the Browser Mode workspace's
 * (test/examples/browser-mode/node_modules, with the repository's for the packages it shares).
 */
export type Base = 'root' | 'browser-mode';

/** The Browser Mode workspace (browser.ts's BROWSER_WORKSPACE; browser.ts imports this module). */
const BROWSER_WORKSPACE = path.join(ROOT, 'test/examples/browser-mode');

const BASES: Record<Base, string> = { root: ROOT, 'browser-mode': BROWSER_WORKSPACE };

export interface SignatureResult {
  block: Block;
  ok: boolean;
  /** The errors, each as `content/<lang>/<page>.md:<line>: message`. */
  message?: string;
  /** Declarations compared with the real package (names), for the report and the tests. */
  compared: string[];
}

/** What a `signature` marker asks for. */
export interface Target {
  /** The module the comparison and the imported names come from. */
  module: string;
  /** A member path of the module's exports (`rs`): functions are compared with its members. */
  member?: string;
  /** No comparison with the real declarations: names and syntax only. */
  simplified: boolean;
  /** Where the module (and the block's @rstest/core) is resolved from. */
  base: Base;
  /** The installed version of the module's package the block is checked against. */
  version: string;
}

const packageName = (spec: string) =>
  spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];

function installed(base: Base, pkg: string): string | undefined {
  const file = path.join(BASES[base], 'node_modules', pkg, 'package.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version : undefined;
}

/**
 * Where a module is installed: the repository's node_modules first, then the Browser Mode workspace's; with a
 * version, the first place that has that version.
 */
export function locate(spec: string, version?: string): { base: Base; version: string } {
  const pkg = packageName(spec);
  for (const base of Object.keys(BASES) as Base[]) {
    const v = installed(base, pkg);
    if (v !== undefined && (version === undefined || v === version)) return { base, version: v };
  }
  throw new Error(
    `${pkg}${version ? `@${version}` : ''} is installed neither in node_modules nor in ${path.relative(ROOT, BROWSER_WORKSPACE)}/node_modules`,
  );
}

export function targetOf(signature: string): Target {
  const value = signature.trim();
  const core = () => ({ module: CORE, ...locate(CORE) });
  if (value === '') return { ...core(), simplified: false };
  if (value === 'simplified') return { ...core(), simplified: true };
  if (value.startsWith('@') || value.includes('/')) {
    // `@rstest/core@0.11.9`, `@rstest/browser`, `@rstest/core/api`
    const m = /^((?:@[^/@]+\/)?[^/@]+)(?:@([^/]+))?(\/.*)?$/.exec(value);
    if (!m) throw new Error(`signature="${value}": expected a module ("@rstest/browser", "@rstest/core@0.11.9")`);
    const module = `${m[1]}${m[3] ?? ''}`;
    return { module, ...locate(module, m[2]), simplified: false };
  }
  if (/^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/.test(value)) return { ...core(), member: value, simplified: false };
  throw new Error(
    `signature="${value}": expected nothing, "simplified", a module ("@rstest/core/api") or an export of @rstest/core ("rs")`,
  );
}

/** A signature marker's target, or undefined when the marker is invalid (the check reports that). */
export function targetOrUndefined(signature: string): Target | undefined {
  try {
    return targetOf(signature);
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The exports of a module, read from its published .d.ts.

const exportCache = new Map<string, Set<string>>();

type BabelNode = {
  type: string;
  start?: number | null;
  end?: number | null;
  loc?: { start: { line: number } } | null;
  [key: string]: any;
};

function parse(code: string, filename: string, dts = false): BabelNode {
  const file = parseSync(code, {
    configFile: false,
    babelrc: false,
    filename,
    parserOpts: {
      plugins: [['typescript', { dts }], ...(filename.endsWith('x') ? (['jsx'] as const) : [])],
      errorRecovery: false,
    },
  });
  return file!.program as unknown as BabelNode;
}

/** The .d.ts file a module specifier's types come from (package.json `exports[…].types`, or `types`). */
export function typesFile(spec: string, base: Base = 'root'): string {
  const pkgName = packageName(spec);
  const sub = `.${spec.slice(pkgName.length)}`;
  const dir = path.join(BASES[base], 'node_modules', pkgName);
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    exports?: Record<string, unknown>;
    types?: string;
    typings?: string;
  };
  const pick = (entry: unknown): string | undefined => {
    if (typeof entry === 'string') return entry.endsWith('.d.ts') ? entry : undefined;
    if (!entry || typeof entry !== 'object') return undefined;
    const e = entry as Record<string, unknown>;
    for (const key of ['types', 'import', 'default', 'require']) {
      const found = pick(e[key]);
      if (found) return found;
    }
    return undefined;
  };
  const fromExports =
    pkg.exports && typeof pkg.exports === 'object'
      ? pick(sub === '.' && !('.' in pkg.exports) ? pkg.exports : pkg.exports[sub])
      : undefined;
  const rel = fromExports ?? (sub === '.' ? (pkg.types ?? pkg.typings) : undefined);
  if (!rel) throw new Error(`no types found for ${spec} in ${path.relative(ROOT, dir)}/package.json`);
  return path.join(dir, rel);
}

/** The names a module exports (types and values), from its .d.ts; `export * from './x'` is followed. */
export function moduleExports(spec: string, base: Base = 'root'): Set<string> {
  const key = `${base}:${spec}`;
  const cached = exportCache.get(key);
  if (cached) return cached;
  const names = new Set<string>();
  const visit = (file: string, seen: Set<string>) => {
    if (seen.has(file)) return;
    seen.add(file);
    const program = parse(fs.readFileSync(file, 'utf8'), file, true);
    for (const s of program.body as BabelNode[]) {
      if (s.type === 'ExportNamedDeclaration') {
        for (const spec of (s.specifiers ?? []) as BabelNode[]) names.add(spec.exported.name ?? spec.exported.value);
        if (s.declaration) for (const n of declaredNames(s.declaration)) names.add(n);
      } else if (
        s.type === 'ExportAllDeclaration' &&
        !s.exported &&
        typeof s.source?.value === 'string' &&
        s.source.value.startsWith('.')
      ) {
        const base = path.resolve(path.dirname(file), s.source.value.replace(/\.js$/, ''));
        const next = [`${base}.d.ts`, path.join(base, 'index.d.ts')].find((f) => fs.existsSync(f));
        if (next) visit(next, seen);
      } else if (s.type === 'ExportAllDeclaration' && s.exported) names.add(s.exported.name);
    }
  };
  visit(typesFile(spec, base), new Set());
  names.delete('default');
  exportCache.set(key, names);
  return names;
}

/**
 * The names a module's .d.ts declares or imports at its top level without exporting them (`UserConsoleLog`,
 * `RsbuildConfig`): real names of the published types that a reader cannot import. A signature may use them; they
 * come from a copy of the .d.ts that exports them too (see `shimSource`). Bundler renames (`Config_2`) are left out.
 * A package whose types are split over files (@rstest/browser) also has such names in the files its entry imports:
 * the names those export that the package does not (`BrowserElementExpect`), and the names they import from other
 * packages (`ReactNode`); the map gives each name's source (undefined: the entry itself).
 */
export function internalSources(spec: string, base: Base = 'root'): Map<string, { from?: string; imported?: string }> {
  const key = `${base}:${spec}`;
  const cached = internalCache.get(key);
  if (cached) return cached;
  const exported = moduleExports(spec, base);
  const names = new Map<string, { from?: string; imported?: string }>();
  const add = (name: string, source: { from?: string; imported?: string }) => {
    if (!exported.has(name) && !/_\d+$/.test(name) && !names.has(name)) names.set(name, source);
  };
  const entry = typesFile(spec, base);
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const program = parse(fs.readFileSync(file, 'utf8'), file, true);
    for (const s of program.body as BabelNode[]) {
      const source = typeof s.source?.value === 'string' ? (s.source.value as string) : undefined;
      if (source?.startsWith('.')) {
        const next = relativeFile(file, source);
        if (next) visit(next);
      }
      if (file === entry) {
        if (
          s.type === 'ExportNamedDeclaration' ||
          s.type === 'ExportAllDeclaration' ||
          s.type === 'ExportDefaultDeclaration'
        )
          continue;
        if (s.type === 'TSModuleDeclaration' && s.id.type !== 'Identifier') continue; // declare global / declare module '…'
        for (const n of declaredNames(s)) add(n, {});
      } else if (s.type === 'ExportNamedDeclaration' && !s.source) {
        const declared = s.declaration ? declaredNames(s.declaration) : [];
        const listed = ((s.specifiers ?? []) as BabelNode[]).map(
          (x) => (x.exported.name ?? x.exported.value) as string,
        );
        for (const n of [...declared, ...listed]) add(n, { from: file, imported: n });
      } else if (s.type === 'ImportDeclaration' && source && !source.startsWith('.')) {
        for (const x of (s.specifiers ?? []) as BabelNode[]) {
          if (x.type === 'ImportSpecifier')
            add(x.local.name, { from: source, imported: x.imported.name ?? x.imported.value });
        }
      }
    }
  };
  visit(entry);
  internalCache.set(key, names);
  return names;
}

export function internalNames(spec: string, base: Base = 'root'): Set<string> {
  return new Set(internalSources(spec, base).keys());
}

const internalCache = new Map<string, Map<string, { from?: string; imported?: string }>>();

/** The .d.ts a relative specifier in a .d.ts points to (`./api.js` → api.d.ts). */
function relativeFile(from: string, spec: string): string | undefined {
  const stem = path.resolve(path.dirname(from), spec.replace(/\.(js|d\.ts)$/, ''));
  return [`${stem}.d.ts`, path.join(stem, 'index.d.ts')].find((f) => fs.existsSync(f));
}

/**
 * A copy of a module's .d.ts that also exports its internal names: its relative specifiers point to the package's
 * files (absolute paths), the names of its other files are re-exported from them.
 */
export function shimSource(spec: string, base: Base = 'root'): string {
  const entry = typesFile(spec, base);
  const text = fs
    .readFileSync(entry, 'utf8')
    .replace(/((?:from|import)\s*)(['"])(\.{1,2}\/[^'"]*)\2/g, (all, kw: string, q: string, rel: string) => {
      const file = relativeFile(entry, rel);
      return file ? `${kw}${q}${file.replace(/\.d\.ts$/, '.js')}${q}` : all;
    });
  const own: string[] = [];
  const elsewhere = new Map<string, string[]>();
  for (const [name, { from, imported }] of internalSources(spec, base)) {
    if (!from) own.push(name);
    else {
      const target = from.endsWith('.d.ts') ? from.replace(/\.d\.ts$/, '.js') : from;
      elsewhere.set(target, [...(elsewhere.get(target) ?? []), imported === name ? name : `${imported} as ${name}`]);
    }
  }
  return [
    text,
    `export { ${own.join(', ')} };`,
    ...[...elsewhere].map(([from, names]) => `export type { ${names.join(', ')} } from '${from}';`),
    '',
  ].join('\n');
}

const shimName = (spec: string, base: Base = 'root') =>
  `@@internal${base === 'root' ? '' : `-${base}`}/${spec.replace(/^@/, '').replace(/\//g, '__')}`;

function declaredNames(node: BabelNode): string[] {
  switch (node.type) {
    case 'VariableDeclaration':
      return (node.declarations as BabelNode[]).flatMap((d) =>
        d.id.type === 'Identifier' ? [d.id.name as string] : [],
      );
    case 'TSModuleDeclaration':
      return node.id.type === 'Identifier' ? [node.id.name] : [];
    case 'ImportDeclaration':
      return (node.specifiers as BabelNode[]).map((s) => s.local.name as string);
    case 'TSImportEqualsDeclaration':
      return [node.id.name];
    default:
      return node.id?.name ? [node.id.name as string] : [];
  }
}

// ---------------------------------------------------------------------------------------------------------------
// One module per block.

const BROWSER = '@rstest/browser';

/**
 * The modules whose names a block sees, the later winning: @rstest/core; for a Browser Mode block also
 * @rstest/browser (`Locator`, `BrowserElementExpect`), as its test files do; the target.
 */
function modulesInScope(target: Target): string[] {
  return [...new Set([CORE, ...(target.base === 'browser-mode' ? [BROWSER] : []), target.module])];
}

type Kind = 'value' | 'instance' | 'interface' | 'alias';

interface Declaration {
  name: string;
  kind: Kind;
  /** `<T extends X = Y>` as written, or ''. */
  typeParams: string;
  /** `<T>` (the parameter names), or ''. */
  typeArgs: string;
  /** `<X>`: each parameter's default, else its constraint, else `unknown` (a concrete instance to walk), or ''. */
  concreteArgs: string;
  /** Line inside the block (1-based). */
  line: number;
}

interface CheckLine {
  /** Line inside the block the check belongs to (its declaration). */
  line: number;
  text: string;
  /** Turns tsc's message into one a writer can act on. */
  explain: (message: string) => string;
}

interface Generated {
  code: string;
  /** Lines of the generated file after the block: the check lines, in order. */
  checks: CheckLine[];
  /** Lines in the block (the generated file has the header on line 1). */
  blockLines: number;
  compared: string[];
  /** Errors found before tsc runs (a syntax error, a function the target does not have). */
  errors: { line: number; message: string }[];
}

/**
 * `__Extra<Doc, Real>`: the paths of the member names Doc uses that Real does not have (`options.intervalMs`,
 * `click(0).force`), or never. It walks objects, function parameters and results (promises unwrapped) and array
 * elements, four levels deep; for a union on the real side, a name any member has counts. On one line: the checks
 * below it are numbered by line.
 */
const EXTRA = [
  'type __Next = [1, 2, 3, 4, 4];',
  'type __Join<P extends string, K extends string> = P extends "" ? K : `${P}.${K}`;',
  'type __RKeys<R> = R extends unknown ? keyof R : never;',
  'type __RAt<R, K> = R extends unknown ? (K extends keyof R ? R[K] : never) : never;',
  'type __Leaf = string | number | boolean | bigint | symbol | null | undefined | void | Date | RegExp | Function;',
  'type __Extra<D, R, P extends string = "", N extends number = 0> = N extends 4 ? never : 0 extends 1 & D ? never : unknown extends D ? never :',
  '  D extends (...args: infer DA) => infer DR ? (Extract<R, (...args: any) => any> extends (...args: infer RA) => infer RR',
  '    ? { [I in keyof DA]-?: I extends keyof RA ? __Extra<NonNullable<DA[I]>, NonNullable<RA[I]>, `${P}(${I & string})`, __Next[N]> : never }[number] | __Extra<DR, RR, `${P}()`, __Next[N]> : never)',
  '  : D extends __Leaf ? never : D extends PromiseLike<infer DP> ? __Extra<DP, Awaited<R>, P, N>',
  '  : D extends readonly (infer DE)[] ? __Extra<NonNullable<DE>, NonNullable<Extract<R, readonly unknown[]>[number]>, `${P}[]`, __Next[N]>',
  '  : D extends object ? ([Extract<R, object>] extends [never] ? never : string extends keyof D ? never',
  '    : { [K in keyof D & string]-?: K extends __RKeys<Extract<R, object>> ? __Extra<NonNullable<D[K]>, NonNullable<__RAt<Extract<R, object>, K>>, __Join<P, K>, __Next[N]> : __Join<P, K> }[keyof D & string])',
  '  : never;',
].join(' ');

/** tsc's "'"a.b"' does not satisfy the constraint 'never'" as a writer reads it. */
const missingMembers = (name: string, module: string) => (m: string) => {
  const names = /Type '(.*)' does not satisfy the constraint 'never'/.exec(m)?.[1];
  return `documented member(s) ${names ?? m} not found on the real ${name} (${module})`;
};

export function generate(block: Block, target: Target): Generated {
  const source = block.fence.content.replace(/\n$/, '');
  const errors: Generated['errors'] = [];
  let program: BabelNode | undefined;
  try {
    program = parse(source, `block.${block.fence.lang}`);
  } catch (error) {
    const e = error as { message: string; loc?: { line: number } };
    errors.push({ line: e.loc?.line ?? 1, message: `syntax: ${e.message.replace(/^[^:]*: /, '').split('\n')[0]}` });
  }
  const declarations: Declaration[] = [];
  const declared = new Set<string>();
  const inserts: number[] = [];
  for (const statement of (program?.body ?? []) as BabelNode[]) {
    const node =
      statement.type === 'ExportNamedDeclaration' && statement.declaration ? statement.declaration : statement;
    for (const name of declaredNames(node)) declared.add(name);
    const line = node.loc!.start.line;
    const params = node.typeParameters as BabelNode | undefined;
    const typeParams = params ? source.slice(params.start!, params.end!) : '';
    const typeArgs = params ? `<${(params.params as BabelNode[]).map((p) => p.name?.name ?? p.name).join(', ')}>` : '';
    const text = (n: BabelNode | undefined | null) => (n ? source.slice(n.start!, n.end!) : undefined);
    const concreteArgs = params
      ? `<${(params.params as BabelNode[]).map((p) => text(p.default) ?? text(p.constraint) ?? 'unknown').join(', ')}>`
      : '';
    if (node.type === 'VariableDeclaration' && (node.declarations as BabelNode[]).some((d) => d.init)) {
    } else if (
      node.type === 'ClassDeclaration' &&
      !(node.body.body as BabelNode[]).some((m) => m.kind === 'constructor' || m.static)
    ) {
      // `class Locator { click(…): Promise<void> }`: the instance API of a class a reader gets, not constructs (no
      // constructor, no static member documented): compared like an interface, with its instance type.
      if (!node.declare) inserts.push(node.start!);
      declarations.push({ name: node.id.name, kind: 'instance', typeParams, typeArgs, concreteArgs, line });
    } else if (
      node.type === 'TSDeclareFunction' ||
      node.type === 'VariableDeclaration' ||
      node.type === 'ClassDeclaration'
    ) {
      if (!node.declare) inserts.push(node.start!);
      for (const name of declaredNames(node))
        declarations.push({ name, kind: 'value', typeParams: '', typeArgs: '', concreteArgs: '', line });
    } else if (node.type === 'TSInterfaceDeclaration') {
      declarations.push({ name: node.id.name, kind: 'interface', typeParams, typeArgs, concreteArgs, line });
    } else if (node.type === 'TSTypeAliasDeclaration') {
      declarations.push({ name: node.id.name, kind: 'alias', typeParams, typeArgs, concreteArgs, line });
    }
  }
  let body = source;
  for (const at of inserts.sort((a, b) => b - a)) body = `${body.slice(0, at)}declare ${body.slice(at)}`;

  // Names in scope: @rstest/core's internal names and exports, then the target module's (they win), minus what the
  // block declares.
  const base = target.base;
  const imports = new Map<string, string>();
  for (const mod of modulesInScope(target)) {
    for (const name of internalNames(mod, base)) imports.set(name, shimName(mod, base));
    for (const name of moduleExports(mod, base)) imports.set(name, mod);
  }
  for (const name of declared) imports.delete(name);
  const byModule = new Map<string, string[]>();
  for (const [name, mod] of imports) byModule.set(mod, [...(byModule.get(mod) ?? []), name]);
  // A Browser Mode block is checked as a Browser Mode test file sees the types: with '@rstest/browser' imported.
  const sideEffects = base === 'browser-mode' ? [`import '@rstest/browser';`] : [];
  const header = [
    ...sideEffects,
    ...[...byModule].map(([mod, names]) => `import { ${names.sort().join(', ')} } from '${mod}';`),
  ].join(' ');

  const checks: CheckLine[] = [];
  const compared: string[] = [];
  const targetExports = moduleExports(target.module, base);
  const seen = new Set<string>();
  if (!target.simplified && !errors.length) {
    for (const d of declarations) {
      if (seen.has(d.name)) continue; // overloads, merged interfaces: one comparison for all of them
      seen.add(d.name);
      const n = checks.length;
      if (d.kind === 'value') {
        const real = target.member ? `__real.${target.member}.${d.name}` : `__real.${d.name}`;
        const realName = target.member ? `${target.member}.${d.name}` : d.name;
        if (!target.member && !targetExports.has(d.name)) {
          errors.push({
            line: d.line,
            message: `${d.name} is not an export of ${target.module} (a signature block documents the package's API)`,
          });
          continue;
        }
        compared.push(realName);
        checks.push({
          line: d.line,
          text: `function __check${n}(real: typeof ${real}): typeof ${d.name} { return real; }`,
          explain: (m) => `the real ${realName} (${target.module}) does not fit the documented signature: ${m}`,
        });
        checks.push({
          line: d.line,
          text: `type __members${n} = __None<__Extra<typeof ${d.name}, typeof ${real}>>;`,
          explain: missingMembers(realName, target.module),
        });
        continue;
      }
      // A type the block defines for its own use (no name of the target's types): nothing to compare it with.
      const ns = targetExports.has(d.name)
        ? '__real'
        : internalNames(target.module, base).has(d.name)
          ? '__internal'
          : undefined;
      if (!ns) {
        if (d.kind === 'instance')
          errors.push({
            line: d.line,
            message: `${d.name} is not an export of ${target.module} (a signature block documents the package's API)`,
          });
        continue;
      }
      compared.push(d.name);
      const doc = `${d.name}${d.typeArgs}`;
      const real = `${ns}.${d.name}${d.typeArgs}`;
      checks.push({
        line: d.line,
        text: `function __check${n}${d.typeParams}(real: ${real}): ${doc} { return real; }`,
        explain: (m) => `the real ${d.name} (${target.module}) does not fit the documented one: ${m}`,
      });
      // Every member name the documentation uses, at any depth (`options.interval`), is one the real type has: an
      // optional member renamed (`intervalMs`) still fits the real type, so only the names tell.
      checks.push({
        line: d.line,
        text: `type __members${n} = __None<__Extra<${d.name}${d.concreteArgs}, ${ns}.${d.name}${d.concreteArgs}>>;`,
        explain: missingMembers(d.name, target.module),
      });
      if (d.kind === 'alias') {
        checks.push({
          line: d.line,
          text: `function __back${n}${d.typeParams}(doc: ${doc}): ${real} { return doc; }`,
          explain: (m) => `the documented ${d.name} is not assignable to the real one (${target.module}): ${m}`,
        });
      }
    }
  }
  const footer = checks.length ? [`type __None<T extends never> = T; ${EXTRA}`, ...checks.map((c) => c.text)] : [];
  const realImport = `import * as __real from '${target.module}'; import type * as __internal from '${shimName(target.module, base)}';`;
  return {
    code: [`${header} ${realImport}`, body, ...footer, ''].join('\n'),
    checks: footer.length ? [{ line: 1, text: footer[0], explain: (m) => m }, ...checks] : [],
    blockLines: body.split('\n').length,
    compared,
    errors,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// One tsc run for all blocks.

export const TSCONFIG = {
  compilerOptions: {
    strict: true,
    noEmit: true,
    target: 'esnext',
    module: 'esnext',
    moduleResolution: 'bundler',
    lib: ['esnext', 'dom', 'dom.iterable'],
    types: ['node'],
    jsx: 'react-jsx',
    skipLibCheck: true,
    allowImportingTsExtensions: true,
    paths: { '@@internal/*': ['./__internal/*'], '@@internal-browser-mode/*': ['./browser-mode/__internal/*'] },
  },
};

export interface Diagnostic {
  file: string;
  line: number;
  text: string;
}

/** tsc's `--pretty false` output: `file(line,col): error TSxxxx: message`, continuation lines indented. */
export function parseDiagnostics(output: string, cwd: string): { diagnostics: Diagnostic[]; other: string[] } {
  const diagnostics: Diagnostic[] = [];
  const other: string[] = [];
  for (const line of output.split('\n')) {
    const m = /^(.+?)\((\d+),(\d+)\): (error|warning) (TS\d+): (.*)$/.exec(line);
    if (m) diagnostics.push({ file: path.resolve(cwd, m[1]), line: Number(m[2]), text: `${m[5]}: ${m[6]}` });
    else if (/^\s+\S/.test(line) && diagnostics.length)
      diagnostics[diagnostics.length - 1].text += `\n${line.replace(/^ {2}/, '  ')}`;
    else if (line.trim()) other.push(line);
  }
  return { diagnostics, other };
}

/**
 * <dir>/node_modules: the Browser Mode workspace's packages (@rstest/core 0.11.9, @rstest/browser …), each scope or
 * package linked; the rest resolves from the folders above (the repository's node_modules).
 */
export function linkWorkspace(dir: string) {
  const modules = path.join(dir, 'node_modules');
  fs.mkdirSync(modules, { recursive: true });
  const from = path.join(BROWSER_WORKSPACE, 'node_modules');
  for (const name of fs.readdirSync(from)) {
    if (name.startsWith('.')) continue;
    const to = path.join(modules, name);
    if (!fs.existsSync(to)) fs.symlinkSync(path.join(from, name), to);
  }
}

export function runTsc(cwd: string): Promise<{ code: number | null; output: string }> {
  const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', 'tsconfig.json', '--pretty', 'false'], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ code, output }));
    child.on('error', (error) => resolve({ code: null, output: String(error) }));
  });
}

/** The installed TypeScript's version (the one that checks the signatures). */
export function typescriptVersion(): string {
  return (
    JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/typescript/package.json'), 'utf8')) as { version: string }
  ).version;
}

/**
 * Type-checks signature blocks (each with `block.signature` set) in `dir` (a folder whose node_modules resolves
 * to the repository's; a new temp folder when omitted, removed afterwards).
 */
export async function checkSignatures(blocks: Block[], dir?: string): Promise<SignatureResult[]> {
  if (!blocks.length) return [];
  const own = !dir;
  const root = dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'rstest-signatures-'));
  if (own) fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'));
  const work = path.join(root, 'signatures');
  fs.mkdirSync(work, { recursive: true });
  try {
    const files = new Map<
      string,
      { block: Block; target: Target; gen: Generated; errors: string[]; syntax: Diagnostic[] }
    >();
    const results = new Map<Block, SignatureResult>();
    for (const block of blocks) {
      const at = (line: number) => `${block.page.file}:${block.fence.line + line}`;
      let target: Target;
      try {
        target = targetOf(block.signature ?? '');
      } catch (error) {
        results.set(block, { block, ok: false, message: `${block.where}: ${(error as Error).message}`, compared: [] });
        continue;
      }
      const rel = `${target.base === 'root' ? '' : `${target.base}/`}${block.lang}/${block.page.rel.replace(/\.md$/, '')}/L${block.fence.line}.${block.fence.lang === 'tsx' ? 'tsx' : 'ts'}`;
      const gen = generate(block, target);
      const abs = path.join(work, rel);
      fs.mkdirSync(path.dirname(abs), { recursive: true });
      fs.writeFileSync(abs, gen.code);
      files.set(abs, { block, target, gen, errors: gen.errors.map((e) => `${at(e.line)}: ${e.message}`), syntax: [] });
    }
    const modules = new Map<string, { mod: string; base: Base }>([[`root:${CORE}`, { mod: CORE, base: 'root' }]]);
    for (const { target } of files.values()) {
      for (const mod of modulesInScope(target)) modules.set(`${target.base}:${mod}`, { mod, base: target.base });
    }
    for (const { mod, base } of modules.values()) {
      // Under <work>/<base>/ for a workspace's modules: the bare imports of the copy resolve as the package's do.
      const dir = base === 'root' ? work : path.join(work, base);
      const shim = path.join(dir, '__internal', `${shimName(mod, base).replace(/^@@internal[^/]*\//, '')}.d.ts`);
      fs.mkdirSync(path.dirname(shim), { recursive: true });
      fs.writeFileSync(shim, shimSource(mod, base));
    }
    if ([...modules.values()].some((m) => m.base === 'browser-mode')) linkWorkspace(path.join(work, 'browser-mode'));
    // tsc reports no type errors at all while any file has a syntax error: a block with one (babel's, or tsc's
    // TS1xxx) fails on its own and the others are checked again without it.
    let included = [...files.keys()].filter(
      (f) => !files.get(f)!.gen.errors.some((e) => e.message.startsWith('syntax:')),
    );
    let code: number | null = 0;
    let diagnostics: Diagnostic[] = [];
    let other: string[] = [];
    for (let round = 0; round < 5 && included.length; round++) {
      fs.writeFileSync(
        path.join(work, 'tsconfig.json'),
        JSON.stringify({ ...TSCONFIG, files: included.map((f) => path.relative(work, f)) }, null, 2),
      );
      const run = await runTsc(work);
      ({ diagnostics, other } = parseDiagnostics(run.output, work));
      code = run.code;
      const syntax = new Set(
        diagnostics.filter((d) => /^TS1\d{3}:/.test(d.text) && files.has(d.file)).map((d) => d.file),
      );
      if (!syntax.size) break;
      for (const d of diagnostics) if (syntax.has(d.file)) files.get(d.file)!.syntax.push(d);
      included = included.filter((f) => !syntax.has(f));
      diagnostics = [];
    }
    for (const entry of files.values()) diagnostics.push(...entry.syntax);
    const stray: string[] = [];
    for (const d of diagnostics) {
      const entry = files.get(d.file);
      if (!entry) {
        stray.push(`${path.relative(work, d.file)}:${d.line}: ${d.text}`);
        continue;
      }
      const { block, gen } = entry;
      // Line 1: the generated imports (the opening fence); then the block's lines; then the check lines.
      const inBlock = d.line - 1;
      if (inBlock <= gen.blockLines) {
        entry.errors.push(`${block.page.file}:${block.fence.line + Math.max(0, inBlock)}: ${d.text}`);
      } else {
        const check = gen.checks[inBlock - gen.blockLines - 1];
        const line = check?.line ?? 0;
        entry.errors.push(`${block.page.file}:${block.fence.line + line}: ${check ? check.explain(d.text) : d.text}`);
      }
    }
    // tsc failing without a diagnostic in a block file (it did not start, an error in a package's types) fails all.
    const tscFailed =
      (code !== 0 && !diagnostics.length) || stray.length > 0 || other.some((l) => /error TS\d+/.test(l));
    const broken = tscFailed
      ? `tsc (TypeScript ${typescriptVersion()}) failed: ${[...stray, ...other].join('\n') || `exit code ${code}`}`
      : undefined;
    for (const { block, gen, errors } of files.values()) {
      const all = broken ? [...errors, broken] : errors;
      results.set(block, {
        block,
        ok: !all.length,
        message: all.length ? all.join('\n') : undefined,
        compared: gen.compared,
      });
    }
    return blocks.map((b) => results.get(b)!);
  } finally {
    if (own) fs.rmSync(root, { recursive: true, force: true });
  }
}
