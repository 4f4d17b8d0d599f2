// The search index files of a build: per language (and version) the records and the prebuilt MiniSearch
// index, content-hashed. Computed once per content, so page rendering (URLs) and writing (files) agree.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { SiteModel } from '../site.ts';
import { createEngine, serializeEngine } from './engine.ts';
import { SEARCH_ENGINE_PREFIX, SEARCH_INDEX_PREFIX } from './record.ts';
import { buildSearchRecords } from './records.ts';

export interface SearchIndexFile {
  /** `en`, `zh`, or `{version}.{lang}`: the key in the site data's `searchIndex`. */
  key: string;
  /** Path inside the output folder: `static/search_index.en.1a2b3c4d.json`. */
  file: string;
  /** URL with base. */
  url: string;
  json: string;
}

export interface SearchIndexSet {
  key: string;
  records: SearchIndexFile;
  /** `MiniSearch.toJSON()` of the records: loading it skips tokenizing in the browser. */
  engine: SearchIndexFile;
}

/**
 * What the index depends on, as primitives: rendering (the URLs) and writing (the files) ask for the same
 * sets, and a model rebuilt with the same content (`npm start`) gets the same files without recomputing.
 * Comparing these (mostly the very same string instances: pointer checks) costs microseconds.
 */
function signature(model: SiteModel): unknown[] {
  const { base, search } = model.site.config;
  const out: unknown[] = [base, search.codeBlocks, model.site.config.themeConfig.search];
  for (const page of model.pages) {
    out.push(page.plainHtml, page.data.routePath, page.data.title, page.data.pageType, page.data.frontmatter.search, page.data.lang, page.data.version);
  }
  return out;
}

let last: { signature: unknown[]; sets: SearchIndexSet[] } | undefined;

function computeSets(model: SiteModel): SearchIndexSet[] {
  const base = model.site.config.base;
  const groups = buildSearchRecords(model.pages, { codeBlocks: model.site.config.search.codeBlocks });
  return [...groups].map(([key, records]) => {
    const recordsJson = JSON.stringify(records);
    const engineJson = serializeEngine(createEngine(records));
    const hash = createHash('sha256').update(recordsJson).update('\0').update(engineJson).digest('hex').slice(0, 10);
    const file = (prefix: string, json: string): SearchIndexFile => {
      const rel = `static/${prefix}.${key}.${hash}.json`;
      return { key, file: rel, url: `${base}${rel}`, json };
    };
    return { key, records: file(SEARCH_INDEX_PREFIX, recordsJson), engine: file(SEARCH_ENGINE_PREFIX, engineJson) };
  });
}

/**
 * The sets from the disk cache when the same inputs built them before (indexing is most of a warm build's
 * search cost), else computed and stored. Keyed by a hash of the signature.
 */
function cachedSets(model: SiteModel, current: unknown[]): SearchIndexSet[] {
  if (!model.cacheDir) return computeSets(model);
  const key = createHash('sha1').update(JSON.stringify(current)).digest('hex');
  const file = path.join(model.cacheDir, 'search', `${key}.json`);
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as SearchIndexSet[];
  } catch {
    const sets = computeSets(model);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(sets));
    return sets;
  }
}

/** Index files of the site, computed once per content. Both files of a language share one hash of both. */
export function searchIndexSets(model: SiteModel): SearchIndexSet[] {
  const current = signature(model);
  if (!last || last.signature.length !== current.length || last.signature.some((value, i) => value !== current[i])) {
    last = { signature: current, sets: cachedSets(model, current) };
  }
  return last.sets;
}

/** The site data's `searchIndex`: records URL per index key. The engine file is found by its name. */
export function searchIndexUrls(model: SiteModel): Record<string, string> {
  if (model.site.config.themeConfig.search === false) return {};
  return Object.fromEntries(searchIndexSets(model).map((set) => [set.key, set.records.url]));
}

/** The index files to write, as [path inside the output folder, JSON]. */
export function searchIndexFiles(model: SiteModel): [string, string][] {
  if (model.site.config.themeConfig.search === false) return [];
  return searchIndexSets(model).flatMap((set) => [set.records, set.engine].map(({ file, json }): [string, string] => [file, json]));
}
