// Eleventy run through its API with the site's plugin: `buildPages` writes the site (scripts/build.ts),
// `buildSite` renders it without writing and returns its model (tests, the migration check, the search bench).
import path from 'node:path';
import Eleventy from '@11ty/eleventy';
import { loadSiteConfig } from '../lib/config.ts';
import { BuildError } from '../lib/errors.ts';
import type { ResolvedSite, SiteModel } from '../lib/model.ts';
import type { BuildSiteOptions } from '../lib/site.ts';
import { docsPlugin, ProblemsReported, type DocsPluginOptions, type EleventyConfig } from './plugin.ts';

type PageOptions = Omit<DocsPluginOptions, 'site' | 'build'>;

async function run(
  options: BuildSiteOptions,
  output: string,
  plugin: PageOptions & { site?: ResolvedSite },
  dryRun: boolean,
): Promise<void> {
  const site = plugin.site ?? (await loadSiteConfig(options.configFile, options.overrides));
  const elev = new Eleventy(path.relative(process.cwd(), site.contentRoot) || '.', output, {
    // No config file: the plugin is the configuration.
    configPath: '',
    config: (config: EleventyConfig) => {
      // Eleventy keeps layouts and file contents in caches of the process; a process that builds more than once
      // (tests, benchmarks) must not get an earlier build's.
      config.setUseTemplateCache(false);
      docsPlugin(config, { ...plugin, site, build: options });
    },
    quietMode: true,
    dryRun,
  });
  // The build reports for itself (the docs' problems as they are found, scripts/build.ts what else went wrong):
  // Eleventy's own report of a failed build names its first template to fail, a file the author never touched.
  elev.disableLogger();
  await elev.write();
}

/** Whether a failed build's error is the docs' problems, already printed (eleventy/plugin.ts). */
export function problemsReported(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; ) {
    if (cause instanceof ProblemsReported) return true;
    const next = (cause as { originalError?: unknown }).originalError ?? cause.cause;
    cause = next === cause ? undefined : next;
  }
  return false;
}

/** Writes the site into `output`. */
export function buildPages(
  options: BuildSiteOptions,
  output: string,
  plugin: PageOptions & { site?: ResolvedSite } = {},
) {
  return run(options, output, plugin, false);
}

/**
 * The site model of a build that writes nothing. Throws the build's BuildError when the docs have problems, unless
 * `keepGoing` (then they are in `model.problems`).
 */
export async function buildSite(options: BuildSiteOptions): Promise<SiteModel> {
  let model: SiteModel | undefined;
  let fill: ((html: string) => string) | undefined;
  const site = await loadSiteConfig(options.configFile, options.overrides);
  const onModel: DocsPluginOptions['onModel'] = (m, build) => {
    model = m;
    fill = (html) => build.fillCode(html);
  };
  // Built to the end whatever its problems, so that they come back as the BuildError, not as Eleventy's report.
  await run({ ...options, keepGoing: true }, path.join(site.root, '_site'), { site, onModel, modelOnly: true }, true);
  if (!model || !fill) throw new Error('the build made no site model');
  if (model.problems.length && !options.keepGoing) throw new BuildError(model.problems, model.warnings);
  for (const page of model.pages) page.html = fill(page.html);
  return model;
}
