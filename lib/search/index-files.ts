// The search index files of a build: per language (and version) the index (common/search/shards.ts: what the
// site's search downloads, a query's chunks and its hits' pages) and the records list (the spec's
// `search_index.{lang}.{hash}.json`, for anything else that reads the records; the site never fetches it),
// content-hashed.
// Computed once per build (lib/site.ts puts them in the model), cached on disk by a hash of their inputs, the code
// that makes them included.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { codeDigest } from '../code-digest.ts';
import { IndexWriter } from '../../common/search/shard-files.ts';
import { searchIndexKey } from '../../common/search/index-key.ts';
import { SEARCH_INDEX_PREFIX, SEARCH_MANIFEST_FILE, type SearchManifest } from '../../common/search/record.ts';
import type { ResolvedSite, SearchIndex, SearchIndexFile, SearchIndexSet, SitePage } from '../model.ts';
import { bytesOf, ChunkWriter, storeBytes } from '../stored-text.ts';
import { buildSearchRecord, isSearchable, searchSection } from './records.ts';

/**
 * A page with the HTML search reads: its body with the code as plain text (no highlighting needed), made each time
 * it is read (by the records, on a cache miss), never kept: held for every page at once it was as large as all
 * the pages' HTML again.
 */
type IndexedPage = { page: SitePage; readonly html: string };

/**
 * A hash of the code that makes the index files (this folder and common/search): an edit of the way they are cut or
 * counted (a fragment's width, the tokenizer) makes new ones, where a cache entry the code before it wrote would
 * otherwise be reused.
 */
const codeHash = () => codeDigest([import.meta.dirname, path.join(import.meta.dirname, '../../common/search')]);

/**
 * What the index depends on: its code, the base path, the search options and each page's indexed fields and
 * section. A page's body is hashed as it is stored, its code as placeholders named by a hash of the code
 * (lib/highlight.ts): the plain text the records are made of follows from it, and is only made on a cache miss.
 */
function inputsHash(site: ResolvedSite, pages: IndexedPage[]): string {
  const { base, search, themeConfig } = site.config;
  const hash = createHash('sha1').update(JSON.stringify([codeHash(), base, search.codeBlocks, themeConfig.search]));
  for (const { page } of pages) {
    const { routePath, title, pageType, frontmatter, lang, version } = page.data;
    hash.update('\0');
    for (const chunk of bytesOf(page, 'html')) hash.update(chunk);
    hash
      .update('\0')
      .update(JSON.stringify([routePath, title, searchSection(page), pageType, frontmatter.search, lang, version]));
  }
  return hash.digest('hex');
}

function computeSets(site: ResolvedSite, pages: IndexedPage[]): SearchIndexSet[] {
  const base = site.config.base;
  const options = { codeBlocks: site.config.search.codeBlocks };
  // One page at a time: each record is written to the records file's bytes and indexed as it is made, then
  // dropped (all the records' texts at once were a large site's text several times over).
  const groups = new Map<string, { records: ChunkWriter; index: IndexWriter; pages: [string, string][] }>();
  // Only the searchable pages' HTML is read (`html` is made when read).
  for (const { page, html } of pages.filter((indexed) => isSearchable(indexed.page))) {
    const key = searchIndexKey(page.data.lang, page.data.version);
    const group = groups.get(key) ?? {
      records: new ChunkWriter(),
      index: new IndexWriter(page.data.lang, page.data.version),
      pages: [],
    };
    groups.set(key, group);
    const record = buildSearchRecord(page, html, group.pages.length, options);
    // The records file is JSON.stringify(records), written one record at a time; each record is also a page file.
    const json = JSON.stringify(record);
    group.records.write(`${record.id ? ',' : '['}${json}`);
    group.pages.push(group.index.add(record, json));
  }
  return [...groups].map(([key, group]): SearchIndexSet => {
    group.records.write(']');
    const records = group.records.end();
    // Each file as the bytes it is kept and written as, encoded once: hashed here, then held.
    const indexBytes = [...group.index.finish(), ...group.pages].map(
      ([name, json]) => [name, Buffer.from(json)] as const,
    );
    // One hash of every file names them all: the files are served as immutable, so any change of any of them
    // (of the pages, or of the code that cuts the index) must give them new names.
    const hash = createHash('sha256');
    for (const chunk of records) hash.update(chunk);
    for (const [name, bytes] of indexBytes) hash.update(`\0${name}\0`).update(bytes);
    const digest = hash.digest('hex').slice(0, 10);
    const file = (rel: string, chunks: Buffer[]) => withBytes({ key, file: rel, url: `${base}${rel}` }, chunks);
    return {
      key,
      records: file(`static/${SEARCH_INDEX_PREFIX}.${key}.${digest}.json`, records),
      shards: indexBytes.map(([name, bytes]) => file(`static/search/${key}.${digest}/${name}`, [bytes])),
    };
  });
}

/** An index file whose text is held as the given bytes (lib/stored-text.ts). */
function withBytes(file: Omit<SearchIndexFile, 'json'>, chunks: Buffer[]): SearchIndexFile {
  const made = { ...file, json: '' };
  storeBytes(made, 'json', chunks);
  return made;
}

/**
 * A cache entry: a folder named by the inputs' hash, the sets without their text, the records' text beside it,
 * and each set's index files packed in one file, one after another (a large site has tens of thousands of them:
 * a file each was most of a warm build's reading).
 */
type CachedFile = Omit<SearchIndexFile, 'json'>;
type CachedSet = { key: string; records: CachedFile; shards: (CachedFile & { bytes: number })[] };
const META = 'sets.json';
/** A file's name in the cache folder: its path in the site, flattened. */
const textFile = (file: CachedFile) => file.file.replace(/\//g, '__');
/** The file a set's shards are packed in. */
const packFile = (key: string) => `shards.${key}.pack`;

/** The sets from the disk cache when the same inputs built them before, else computed and stored. */
function cachedSets(site: ResolvedSite, pages: IndexedPage[], cacheDir: string | undefined): SearchIndexSet[] {
  if (!cacheDir) return computeSets(site, pages);
  const dir = path.join(cacheDir, 'search', inputsHash(site, pages));
  try {
    // Each file read on its own: one JSON of everything was, for a large site, one huge string more to hold.
    const meta = JSON.parse(fs.readFileSync(path.join(dir, META), 'utf8')) as CachedSet[];
    const read = (file: Omit<SearchIndexFile, 'json'>): SearchIndexFile =>
      withBytes(file, [fs.readFileSync(path.join(dir, textFile(file)))]);
    return meta.map((set) => {
      const pack = fs.readFileSync(path.join(dir, packFile(set.key)));
      let at = 0;
      return {
        key: set.key,
        records: read(set.records),
        shards: set.shards.map(({ bytes, ...file }) => withBytes(file, [pack.subarray(at, (at += bytes))])),
      };
    });
  } catch {
    const sets = computeSets(site, pages);
    storeSets(dir, sets);
    return sets;
  }
}

/**
 * The hash a set's files are named by (`search_index.en.{hash}.json`, `search/en.{hash}/…`); undefined once they
 * are renamed without it (the dev server's `….dev.json`, eleventy/plugin.ts).
 */
export const setDigest = (set: SearchIndexSet): string | undefined =>
  /\.([0-9a-f]+)\.json$/.exec(set.records.file)?.[1];

/** Every file of a set: the records, the index's. */
export const setFiles = (set: SearchIndexSet): SearchIndexFile[] => [set.records, ...set.shards];

/** Writes a file's bytes, chunk after chunk (never joined into one). */
function writeChunks(file: string, chunks: Buffer[]): void {
  const fd = fs.openSync(file, 'w');
  try {
    for (const chunk of chunks) for (let at = 0; at < chunk.length; ) at += fs.writeSync(fd, chunk, at);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Keeps one cache entry: older ones are removed, the new one written in a temporary folder and renamed. Builds
 * may run side by side (the tests build several sites at once), so nothing here may fail on the other's files,
 * and a cache that cannot be written only costs the next build the indexing.
 */
function storeSets(dir: string, sets: SearchIndexSet[]): void {
  const parent = path.dirname(dir);
  try {
    fs.mkdirSync(parent, { recursive: true });
    for (const name of fs.readdirSync(parent))
      if (name !== path.basename(dir)) fs.rmSync(path.join(parent, name), { force: true, recursive: true });
    const temp = `${dir}.${process.pid}.tmp`;
    fs.mkdirSync(temp, { recursive: true });
    for (const set of sets) {
      writeChunks(path.join(temp, textFile(set.records)), bytesOf(set.records, 'json'));
      writeChunks(
        path.join(temp, packFile(set.key)),
        set.shards.flatMap((file) => bytesOf(file, 'json')),
      );
    }
    // Named field by field: spreading the file would read `json`, decoding every stored file only to drop it.
    const strip = ({ key, file, url }: SearchIndexFile): CachedFile => ({ key, file, url });
    fs.writeFileSync(
      path.join(temp, META),
      JSON.stringify(
        sets.map(
          (set): CachedSet => ({
            key: set.key,
            records: strip(set.records),
            shards: set.shards.map((file) => ({
              ...strip(file),
              bytes: bytesOf(file, 'json').reduce((sum, chunk) => sum + chunk.length, 0),
            })),
          }),
        ),
      ),
    );
    fs.renameSync(temp, dir);
  } catch {
    // Another build's files came and went meanwhile.
  }
}

/**
 * The site's index files: a language's share one hash of them all. Empty when search is off.
 * `plainHtml` gives a page's body with its code as plain text (the build indexes before highlighting ends).
 */
export function buildSearchIndex(
  site: ResolvedSite,
  pages: SitePage[],
  plainHtml: (page: SitePage) => string,
  cacheDir?: string,
): SearchIndex {
  if (site.config.themeConfig.search === false) return { sets: [], urls: {} };
  const indexed = pages.map(
    (page): IndexedPage => ({
      page,
      get html() {
        return plainHtml(page);
      },
    }),
  );
  const sets = cachedSets(site, indexed, cacheDir);
  return { sets, urls: indexUrls(sets) };
}

/** The index's entry URL per index key: the site data's `searchIndex`. */
export function indexUrls(sets: SearchIndexSet[]): Record<string, string> {
  return Object.fromEntries(sets.map((set) => [set.key, set.shards[0].url]));
}

/**
 * `static/search-manifest.json`: the stable name that embedded <doc-search> widgets read to find the current
 * hashed files (names relative to the manifest, so the site can move), and the site's default index.
 */
export function searchManifest(index: SearchIndex, site: ResolvedSite): string {
  const name = (file: string) => path.posix.basename(file);
  const manifest: SearchManifest = {
    lang: site.config.lang,
    version: site.defaultVersion,
    indexes: Object.fromEntries(
      index.sets.map((set) => [
        set.key,
        { records: name(set.records.file), index: path.posix.relative('static', set.shards[0].file) },
      ]),
    ),
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** The index files to write, as [path inside the output folder, JSON]: the hashed files and their manifest. */
export function searchIndexFiles(index: SearchIndex, site: ResolvedSite): [string, string][] {
  if (!index.sets.length) return [];
  const files = index.sets.flatMap((set) => setFiles(set).map(({ file, json }): [string, string] => [file, json]));
  return [...files, [SEARCH_MANIFEST_FILE, searchManifest(index, site)]];
}
