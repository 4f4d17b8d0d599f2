// Which index a language and version search: alone in its module, so that the widget entry, which prefetches
// the index's entry file (widgets/doc-search/prefetch.ts), carries nothing more.

/** Key of an index in the site data's `searchIndex` map, and the middle of its file name. */
export function searchIndexKey(lang: string, version: string): string {
  return version ? `${version}.${lang}` : lang;
}

/** A language's index in a map by index key: the version's, else the language's own. */
export function indexFor<T>(indexes: Record<string, T>, lang: string, version: string): T | undefined {
  return indexes[searchIndexKey(lang, version)] ?? indexes[lang];
}
