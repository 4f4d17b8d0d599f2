// The doc layout: sidebar, the page's content with its toolbar and footer, and the outline; also the custom and
// blank page types, which render only the content.
import { ChevronIcon, SidebarIcon } from '../common/icons.tsx';
import { markdownPathOfRoute } from '../common/routes.ts';
import type { LayoutProps } from './context.ts';
import { CopyMarkdownShadow } from './parts/widget-shadows.tsx';
import { DocFooter } from './parts/DocFooter.tsx';
import { Outline, OutlineList } from './parts/Outline.tsx';
import { Overview } from './parts/Overview.tsx';
import { PostMeta } from './parts/PostMeta.tsx';
import { Sidebar } from './parts/Sidebar.tsx';

export function DocLayout(props: LayoutProps) {
  const { page, model } = props;
  const { frontmatter, toc, pageType } = page.data;
  const texts = page.locale.texts;
  const theme = model.site.config.themeConfig;
  const showSidebar = frontmatter.sidebar !== false && !!page.sidebar?.items.length;
  const showOutline = frontmatter.outline !== false && !frontmatter.overview && toc.length > 0;
  const showFooter = frontmatter.footer !== false;
  const needsH1 = !page.data.headingTitle && theme.fallbackHeadingTitle !== false && page.data.title;
  // A blog post's date and authors go right under its title: the one the layout adds, or the body's own # heading.
  const post = frontmatter.date || frontmatter.authors;
  const titleEnd = post && !needsH1 && page.html.startsWith('<h1') ? page.html.indexOf('</h1>') + '</h1>'.length : 0;
  const custom = pageType === 'custom' || pageType === 'blank';
  if (custom) {
    return (
      <main id="main" className="custom-page" tabIndex={-1}>
        <div dangerouslySetInnerHTML={{ __html: page.html }} />
      </main>
    );
  }
  return (
    <div className={`page-doc${showSidebar ? ' has-sidebar' : ''}${showOutline ? ' has-outline' : ''}`}>
      {showSidebar || showOutline ? (
        <div className="doc-menubar">
          {showSidebar ? (
            <>
              {/* With JavaScript a real button (aria-expanded) replaces the checkbox label (widgets/runtime/mobile.ts). */}
              <button
                type="button"
                className="sidebar-open-button sidebar-toggle-button"
                aria-expanded="false"
                aria-controls="sidebar"
              >
                <SidebarIcon />
                {texts.sidebarMenuText}
              </button>
              <label htmlFor="sidebar-toggle" className="sidebar-open-button">
                <SidebarIcon />
                {texts.sidebarMenuText}
              </label>
            </>
          ) : (
            <span />
          )}
          {showOutline ? (
            <details className="local-outline">
              <summary>
                {texts.outlineTitle}
                <ChevronIcon />
              </summary>
              <OutlineList toc={toc} />
            </details>
          ) : null}
        </div>
      ) : null}
      {showSidebar ? (
        <>
          <input
            type="checkbox"
            id="sidebar-toggle"
            className="sidebar-toggle-input"
            aria-label={texts.sidebarMenuText}
          />
          <Sidebar sidebar={page.sidebar!} route={page.route} label={texts.sidebarMenuText} />
          {/* Empty, so it adds nothing to the checkbox's name (its aria-label); aria-hidden is not allowed on a label. */}
          <label htmlFor="sidebar-toggle" className="sidebar-backdrop" />
        </>
      ) : null}
      <main id="main" className="doc-main" tabIndex={-1}>
        <div className={`doc-container${theme.enableContentAnimation ? ' animate' : ''}`}>
          <div className="doc-toolbar">
            <copy-markdown href={markdownPathOfRoute(page.href)} lang={page.data.lang}>
              <CopyMarkdownShadow page={page} model={model} />
            </copy-markdown>
          </div>
          <article className="doc-content">
            {needsH1 ? <h1>{page.data.title}</h1> : null}
            {titleEnd ? <div dangerouslySetInnerHTML={{ __html: page.html.slice(0, titleEnd) }} /> : null}
            {post ? <PostMeta date={frontmatter.date} authors={frontmatter.authors} lang={page.data.lang} /> : null}
            {frontmatter.overview ? (
              <Overview page={page} model={model} />
            ) : (
              <div dangerouslySetInnerHTML={{ __html: page.html.slice(titleEnd) }} />
            )}
          </article>
          {showFooter ? <DocFooter page={page} model={model} /> : null}
        </div>
      </main>
      {showOutline ? <Outline toc={toc} title={texts.outlineTitle} /> : null}
    </div>
  );
}
