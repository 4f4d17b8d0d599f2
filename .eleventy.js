// Eleventy's own entry (`npm run build:pages`, `npx @11ty/eleventy --serve`): loads the one configuration
// (eleventy/config.ts) through tsx, in a fresh module namespace on every config load, so a serving Eleventy picks
// up edits to TypeScript. `npm start` is our own dev server (scripts/dev.ts). `npm run build`
// imports the same configuration directly (scripts/build.ts).
import { register } from 'tsx/esm/api';

export default async function eleventyConfig(config) {
  const api = register({ namespace: `docs-${Date.now()}` });
  const { default: configure } = await api.import('./eleventy/config.ts', import.meta.url);
  return configure(config);
}
