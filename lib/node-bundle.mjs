// esbuild for TypeScript that Node runs from this repository: an entry and its local imports become one ES
// module, packages stay imports that Node resolves. Used by `npm run build` (scripts/run-bundled.mjs: no loader
// hook at all) and by the site-config loader (lib/config.ts). Plain JavaScript: the launcher needs it before
// anything can load TypeScript.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Keeps `import.meta.dirname`, `.filename` and `.url` meaning the source file, not the bundle. */
const importMetaPaths = {
  name: 'import-meta-paths',
  /** @param {import('esbuild').PluginBuild} build */
  setup(build) {
    build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      if (!source.includes('import.meta.')) return undefined;
      const contents = source
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path))
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      const loader = /** @type {'ts' | 'tsx' | 'js' | 'jsx'} */ (path.extname(args.path).slice(1).replace(/^[cm]/, ''));
      return { contents, loader };
    });
  },
};

/**
 * Bundles `entry` and writes it to `outfile` (atomically: parallel builds may read it). Returns the files it
 * read, each with a hash of its content, to tell later whether the bundle is still current.
 * @param {{ entry: string, outfile: string }} options
 * @returns {Promise<Record<string, string>>}
 */
export async function bundleForNode({ entry, outfile }) {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [entry],
    outfile,
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    metafile: true,
    logLevel: 'error',
    absWorkingDir: process.cwd(),
    plugins: [importMetaPaths],
  });
  fs.mkdirSync(path.dirname(outfile), { recursive: true });
  const temp = `${outfile}.${process.pid}.tmp`;
  fs.writeFileSync(temp, result.outputFiles[0].contents);
  fs.renameSync(temp, outfile);
  const inputs = Object.keys(result.metafile.inputs).map((file) => path.resolve(file));
  return Object.fromEntries(inputs.map((file) => [file, contentHash(file)]));
}

/**
 * The bundle of `entry` under `<root>/.cache/bundles/`, rebuilt only when a file it was made from changed.
 * @param {string} entry absolute path of a TypeScript entry point
 * @param {string} root the repository root
 * @returns {Promise<string>} the bundle's path
 */
export async function bundledEntry(entry, root) {
  const outfile = path.join(root, '.cache', 'bundles', `${path.relative(root, entry).replace(/[\\/.]/g, '_')}.mjs`);
  const record = `${outfile}.inputs.json`;
  if (!upToDate(outfile, record)) fs.writeFileSync(record, JSON.stringify(await bundleForNode({ entry, outfile })));
  return outfile;
}

/**
 * @param {string} outfile
 * @param {string} record
 */
function upToDate(outfile, record) {
  try {
    const inputs = /** @type {Record<string, string>} */ (JSON.parse(fs.readFileSync(record, 'utf8')));
    return fs.existsSync(outfile) && Object.entries(inputs).every(([file, hash]) => contentHash(file) === hash);
  } catch {
    return false;
  }
}

/** @param {string} file */
function contentHash(file) {
  try {
    return createHash('sha1').update(fs.readFileSync(file)).digest('hex');
  } catch {
    return 'missing';
  }
}
