// Eleventy entry: thin on purpose. It loads the TypeScript plugin (lib/eleventy/plugin.ts) through tsx,
// in a fresh module namespace on every config load, so `npm start` picks up edits to lib/ and layouts/.
import { register } from 'tsx/esm/api';

export default async function eleventyConfig(config) {
  const api = register({ namespace: `docs-${Date.now()}` });
  const { sitePlugin } = await api.import('./lib/eleventy/plugin.ts', import.meta.url);
  return sitePlugin(config);
}
