// Loads site.config.ts, fills defaults and resolves each locale (prefix, nav, sidebar, UI texts).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { builtInTexts } from '../common/i18n.ts';
import { withBase } from '../common/routes.ts';
import type { EditLink, NavItem, SidebarConfig, SiteConfig, UiTexts, UserSiteConfig } from '../common/types.ts';
import { siteConfigProblems } from './config-schema.ts';
import { BuildError } from './errors.ts';
import type { ResolvedLocale, ResolvedSite } from './model.ts';
import { tsImport } from 'tsx/esm/api';

/** Identity helper that gives site.config.ts its types. */
export function defineSiteConfig(config: UserSiteConfig): UserSiteConfig {
  return config;
}

const TEXT_KEYS = Object.keys(builtInTexts('en')) as (keyof UiTexts)[];

export function resolveSiteConfig(user: UserSiteConfig, configFile: string): ResolvedSite {
  const wrong = siteConfigProblems(user, configFile);
  if (wrong.length) throw new BuildError(wrong);
  const root = path.dirname(configFile);
  const base = normalizeBase(user.base ?? '/', configFile);
  const config: SiteConfig = {
    description: '',
    icon: '',
    logo: '',
    logoText: user.title,
    lang: 'en',
    siteUrl: '',
    contentDir: 'content',
    cleanUrls: true,
    ...user,
    base,
    search: { codeBlocks: true, ...user.search },
    markdown: { showLineNumbers: false, headingIds: 'github', ...user.markdown },
    themeConfig: {
      lastUpdated: true,
      darkMode: true,
      search: true,
      enableScrollToTop: true,
      enableContentAnimation: false,
      enableAppearanceAnimation: true,
      fallbackHeadingTitle: true,
      hideNavbar: 'auto',
      localeRedirect: 'auto',
      ...user.themeConfig,
    },
  };
  const theme = config.themeConfig;
  const localeInputs = theme.locales?.length ? theme.locales : [{ lang: config.lang, label: config.lang }];
  if (!localeInputs.some((l) => l.lang === config.lang)) {
    throw new BuildError([
      {
        file: configFile,
        message: `the default language "${config.lang}" is not among themeConfig.locales (${localeInputs.map((l) => l.lang).join(', ')})`,
        fix: `add { lang: '${config.lang}', label: '…' } to themeConfig.locales, or set lang to one of them`,
      },
    ]);
  }
  const locales = localeInputs.map((input): ResolvedLocale => {
    const texts = { ...builtInTexts(input.lang) };
    for (const key of TEXT_KEYS) {
      const themeValue = (theme as Record<string, unknown>)[key];
      if (typeof themeValue === 'string') texts[key] = themeValue;
      const localeValue = input[key];
      if (typeof localeValue === 'string') texts[key] = localeValue;
    }
    const editLink = input.editLink ?? theme.editLink;
    if (editLink?.text) texts.editLinkText = editLink.text;
    return {
      lang: input.lang,
      label: input.label,
      prefix: input.lang === config.lang ? '' : `/${input.lang}`,
      title: input.title ?? config.title,
      description: input.description ?? config.description,
      nav: input.nav ?? theme.nav ?? [],
      sidebar: input.sidebar ?? theme.sidebar ?? {},
      editLink,
      texts,
    };
  });
  const multi = config.multiVersion;
  if (multi && !multi.versions.includes(multi.default)) {
    throw new BuildError([
      {
        file: configFile,
        message: `multiVersion.default "${multi.default}" is not in multiVersion.versions`,
        fix: `add '${multi.default}' to multiVersion.versions`,
      },
    ]);
  }
  const contentRoot = path.resolve(root, config.contentDir);
  const publicDir = path.join(contentRoot, 'public');
  return {
    config,
    configFile,
    root,
    contentRoot,
    publicDir,
    locales,
    versions: multi?.versions ?? [''],
    defaultVersion: multi?.default ?? '',
    iconHref: iconHref(config, publicDir),
  };
}

/** Largest local SVG icon written into every page as a data URL rather than fetched. */
const INLINE_ICON_BYTES = 2048;

/**
 * A small local SVG favicon goes into the page itself: browsers fetch the icon at high priority while the page
 * loads, and on a first visit over HTTP/1.1 that request opens a connection of its own beside the stylesheet's
 * (a few hundred bytes of HTML instead of a round trip). The file is still published for other uses.
 */
function iconHref(config: SiteConfig, publicDir: string): string {
  if (!config.icon || !config.icon.startsWith('/')) return config.icon;
  const file = path.join(publicDir, config.icon);
  if (config.icon.endsWith('.svg') && fs.existsSync(file) && fs.statSync(file).size <= INLINE_ICON_BYTES) {
    return svgDataUrl(fs.readFileSync(file, 'utf8'));
  }
  return withBase(config.base, config.icon);
}

/**
 * An SVG as a data URL with only what must be escaped escaped (`%`, `#`, quotes, angle brackets, and white space
 * runs as one `%20`: a URL has no raw spaces): far fewer bytes than encodeURIComponent's, which also escapes
 * every `=` and `/`.
 */
export function svgDataUrl(svg: string): string {
  const escaped = svg
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[%#"'<> ]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  return `data:image/svg+xml,${escaped}`;
}

function normalizeBase(base: string, configFile: string): string {
  if (!base.startsWith('/')) {
    throw new BuildError([
      {
        file: configFile,
        message: `base "${base}" must start with "/"`,
        fix: `write base: '/${base.replace(/^\/*/, '')}'`,
      },
    ]);
  }
  return base.endsWith('/') ? base : `${base}/`;
}

/**
 * Imports a site config module (TypeScript, through tsx's public API: each call loads it afresh, so an edit is
 * seen) and resolves it. Env overrides serve tests and benchmarks.
 */
export async function loadSiteConfig(
  configFile: string,
  overrides: Partial<UserSiteConfig> = {},
): Promise<ResolvedSite> {
  const absolute = path.resolve(configFile);
  const mod = (await tsImport(pathToFileURL(absolute).href, import.meta.url)) as { default: UserSiteConfig };
  return resolveSiteConfig({ ...mod.default, ...overrides }, absolute);
}
