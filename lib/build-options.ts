// Which site a build makes: site.config.ts at the repository root, or what the env vars DOCS_CONFIG, DOCS_BASE
// and DOCS_CONTENT name (tests and benchmarks build fixtures and copies that way).
import path from 'node:path';
import type { BuildSiteOptions } from './site.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

export function buildOptionsFromEnv(): BuildSiteOptions {
  return {
    configFile: process.env.DOCS_CONFIG ? path.resolve(process.env.DOCS_CONFIG) : path.join(ROOT, 'site.config.ts'),
    overrides: {
      ...(process.env.DOCS_BASE ? { base: process.env.DOCS_BASE } : {}),
      ...(process.env.DOCS_CONTENT ? { contentDir: path.resolve(process.env.DOCS_CONTENT) } : {}),
    },
    cacheDir: path.join(ROOT, '.cache'),
  };
}
