// Renders one page to a complete HTML document: the <head>, then the layout its page type asks for.
import { renderToStaticMarkup } from 'react-dom/server';
import { localizeRoute, markdownPathOfRoute } from '../common/routes.ts';
import type { PageAssets, SiteModel, SitePage, StyleAsset } from '../lib/model.ts';
import type { ClientSiteData, HeadTag } from '../common/types.ts';
import type { LayoutProps } from './context.ts';
import { DocLayout } from './DocLayout.tsx';
import { Home } from './Home.tsx';
import { NotFound } from './NotFound.tsx';
import { ArrowUpIcon } from '../common/icons.tsx';
import { Navbar, SkipLink } from './parts/Navbar.tsx';
import { withShadowStyles } from './shadow-styles.ts';
import { ShadowSheets } from '../common/views/shadow-root.tsx';

export function documentTitle(page: SitePage): string {
  const siteTitle = page.locale.title;
  const { title, titleSuffix } = { title: page.data.title, titleSuffix: page.data.frontmatter.titleSuffix };
  if (page.data.pageType === '404') return `404 - ${siteTitle}`;
  if (!title || title === siteTitle) return `${siteTitle}${titleSuffix ?? ''}`;
  return `${title}${titleSuffix ?? ` - ${siteTitle}`}`;
}

export function clientSiteData(page: SitePage, model: SiteModel): ClientSiteData {
  const { site, ctx } = model;
  const theme = site.config.themeConfig;
  // Storage keys start with the site's name: `rstest-theme`, `rstest.tabs.<group>`.
  const name = site.config.title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return {
    base: ctx.base,
    lang: site.config.lang,
    title: page.locale.title,
    locales: site.locales.map((l) => ({ lang: l.lang, label: l.label, prefix: l.prefix })),
    version: page.data.version,
    versions: site.config.multiVersion ? site.versions : [],
    defaultVersion: site.defaultVersion,
    cleanUrls: ctx.cleanUrls,
    searchIndex: model.searchIndex.urls,
    localeRedirect: theme.localeRedirect ?? 'auto',
    hideNavbar: theme.hideNavbar ?? 'auto',
    enableAppearanceAnimation: theme.enableAppearanceAnimation ?? false,
    enableContentAnimation: theme.enableContentAnimation ?? false,
    darkMode: theme.darkMode !== false,
    storageKey: `${name}-theme`,
    tabsStorageKey: `${name}.tabs`,
  };
}

/** JSON inside a <script> element: no `<`, so no text of it can close the element. */
function jsonInScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function HeadTags({ tags }: { tags: HeadTag[] }) {
  return (
    <>
      {tags.map(([tag, attrs, content], i) => {
        const Tag = tag as 'meta';
        return content ? (
          <Tag key={i} {...attrs} dangerouslySetInnerHTML={{ __html: content }} />
        ) : (
          <Tag key={i} {...attrs} />
        );
      })}
    </>
  );
}

/** Every page has the site's sheet; the home page and the overview pages also their own. */
function usesSheet(page: SitePage, sheet: StyleAsset['sheet']): boolean {
  if (sheet === 'home') return page.data.pageType === 'home';
  if (sheet === 'overview') return Boolean(page.data.frontmatter.overview);
  return true;
}

function Head({ page, model, assets }: LayoutProps) {
  const { config } = model.site;
  const title = documentTitle(page);
  const url = `${config.siteUrl}${page.href}`;
  const defaultAlternate = page.alternates.find((a) => a.lang === config.lang);
  const isDoc = page.data.pageType !== '404';
  return (
    <head>
      <meta charSet="utf-8" />
      {/* Before every script and stylesheet: a <meta> policy governs only what follows it. */}
      {assets.csp ? (
        <meta httpEquiv="Content-Security-Policy" content={isDoc ? assets.csp.page : assets.csp.notFound} />
      ) : null}
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      {/* The site data before the boot script, which puts it on <html data-site> for the runtime to read
          (widgets/runtime/site-data.ts). Not on <html> in the HTML itself: it would push <meta charset> past the
          first 1,024 bytes, where the HTML standard requires the encoding to be declared. */}
      <script
        type="application/json"
        id="docs-site-data"
        dangerouslySetInnerHTML={{ __html: jsonInScript(clientSiteData(page, model)) }}
      />
      <title>{title}</title>
      <meta name="description" content={page.description} />
      <script dangerouslySetInnerHTML={{ __html: assets.inline.boot }} />
      {assets.css
        .filter((style) => usesSheet(page, style.sheet))
        .map((style) =>
          style.text !== undefined ? (
            <style
              key={style.href}
              data-sheet={style.sheet}
              data-href={style.href}
              dangerouslySetInnerHTML={{ __html: style.text }}
            />
          ) : (
            <link key={style.href} rel="stylesheet" data-sheet={style.sheet} href={style.href} />
          ),
        )}

      {assets.dev ? <meta name="docs-dev-build" content={assets.dev.build} /> : null}
      {assets.dev ? <link rel="stylesheet" href={assets.dev.stylesheet} /> : null}
      {model.site.iconHref ? <link rel="icon" href={model.site.iconHref} /> : null}
      {isDoc && config.siteUrl ? <link rel="canonical" href={url} /> : null}
      {isDoc
        ? page.alternates.map((a) => (
            <link key={a.lang} rel="alternate" hrefLang={a.lang} href={`${config.siteUrl}${a.href}`} />
          ))
        : null}
      {isDoc && defaultAlternate ? (
        <link rel="alternate" hrefLang="x-default" href={`${config.siteUrl}${defaultAlternate.href}`} />
      ) : null}
      <meta property="og:title" content={title} />
      <meta property="og:description" content={page.description} />
      <meta property="og:type" content="website" />
      {config.siteUrl ? <meta property="og:url" content={url} /> : null}
      {config.og?.image ? <meta property="og:image" content={config.og.image} /> : null}
      <meta name="twitter:card" content="summary_large_image" />
      {config.og?.twitterSite ? <meta name="twitter:site" content={config.og.twitterSite} /> : null}
      {isDoc && page.data.pageType !== 'home' ? (
        <link rel="alternate" type="text/markdown" href={markdownPathOfRoute(page.href)} />
      ) : null}
      <HeadTags tags={[...(config.head ?? []), ...(page.data.frontmatter.head ?? [])]} />
    </head>
  );
}

/** The 404 page's navbar in each other language (of its version), for the 404 script to swap in. */
function otherNavbars(props: LayoutProps): { lang: string; navbar: React.ReactNode }[] {
  const { page, model } = props;
  return model.site.locales
    .filter((l) => l.lang !== page.data.lang)
    .flatMap((l) => {
      const other = model.byRoute.get(localizeRoute(model.ctx, '/404', l.lang, page.data.version));
      return other ? [{ lang: l.lang, navbar: <Navbar {...props} page={other} /> }] : [];
    });
}

function Body(props: LayoutProps) {
  const { page, model } = props;
  const { pageType, frontmatter } = page.data;
  const texts = page.locale.texts;
  const showNavbar = pageType !== 'blank' && frontmatter.navbar !== false;
  const globalUI = frontmatter.globalUIComponents !== false;
  const main =
    pageType === 'home' ? (
      <Home {...props} />
    ) : pageType === '404' ? (
      <NotFound
        page={page}
        model={model}
        script={props.assets.inline.notFound}
        navbars={showNavbar ? otherNavbars(props) : []}
      />
    ) : (
      <DocLayout {...props} />
    );
  return (
    <body>
      {showNavbar ? <Navbar {...props} /> : <SkipLink text={texts.skipToContentText} />}
      {main}
      {globalUI && pageType === 'doc' && model.site.config.themeConfig.enableScrollToTop !== false ? (
        <a
          className="scroll-top global-ui"
          href="#main"
          aria-label={texts.scrollToTopText}
          title={texts.scrollToTopText}
        >
          <ArrowUpIcon />
        </a>
      ) : null}
      <script
        type="application/json"
        id="docs-page-data"
        dangerouslySetInnerHTML={{ __html: jsonInScript(page.data) }}
      />
      {/* After Eleventy's live-reload client (the dev server puts it in the head): see eleventy/dev-status.ts. */}
      {props.assets.dev ? <script type="module" src={props.assets.dev.script} /> : null}
    </body>
  );
}

/** A page as an HTML document: its body (`page.html`) with its code highlighted already. */
export function renderPage(page: SitePage, model: SiteModel, assets: PageAssets): string {
  const body = withShadowStyles(page.html, assets.shadowStyles);
  const props: LayoutProps = { page: body === page.html ? page : { ...page, html: body }, model, assets };
  const html = (
    // data-script: the widget module, which the boot script loads once the page has painted (widgets/runtime/boot.ts);
    // the boot script also adds data-site, from #docs-site-data.
    <html lang={page.data.lang} className="no-js" data-page-type={page.data.pageType} data-script={assets.script}>
      <Head {...props} />
      <Body {...props} />
    </html>
  );
  return `<!doctype html>${renderToStaticMarkup(<ShadowSheets value={assets.shadowStyles}>{html}</ShadowSheets>)}`;
}
