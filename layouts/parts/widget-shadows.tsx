// The custom elements' own UI, rendered at build time into their declarative shadow roots: the view components
// their widgets render (common/views/), in the state a reader first meets (idle, menus closed). The closed menus'
// contents are left out: nothing shows them before the widget runs, and they would cost the first response bytes.
import { builtInWidgetTexts } from '../../common/i18n.ts';
import { markdownPathOfRoute } from '../../common/routes.ts';
import { CopyMarkdownView, OpenMenuView } from '../../common/views/copy-markdown.tsx';
import { SearchButtonView } from '../../common/views/search-button.tsx';
import { ShadowRoot } from '../../common/views/shadow-root.tsx';
import { ThemeToggleView } from '../../common/views/theme-toggle.tsx';
import { ToolsMenuView } from '../../common/views/tools-menu.tsx';
import type { LayoutProps } from '../context.ts';

export function CopyMarkdownShadow({ page }: Pick<LayoutProps, 'page' | 'model'>) {
  const texts = builtInWidgetTexts(page.data.lang);
  const menu = (
    <OpenMenuView label={texts.openText} menuId="copy-markdown-menu" open={false} withMenu={false} items={[]} />
  );
  return (
    <ShadowRoot tag="copy-markdown">
      <CopyMarkdownView
        state="idle"
        status=""
        copyLabel={texts.copyMarkdownText}
        markdownHref={markdownPathOfRoute(page.href)}
        menu={menu}
      />
    </ShadowRoot>
  );
}

export function ToolsMenuShadow({ name }: { name: string }) {
  return (
    <ShadowRoot tag="tools-menu">
      <ToolsMenuView name={name} open={false} />
    </ShadowRoot>
  );
}

export function ThemeToggleShadow({ name }: { name: string }) {
  return (
    <ShadowRoot tag="theme-toggle">
      <ThemeToggleView name={name} />
    </ShadowRoot>
  );
}

/** The search shortcut as most readers' keyboards name it; an Apple system's widget shows "⌘ K" once it runs. */
export function SearchButtonShadow({ label, fallbackHref }: { label: string; fallbackHref: string }) {
  return (
    <ShadowRoot tag="doc-search">
      <SearchButtonView label={label} expanded={false} shortcut="Ctrl K" fallbackHref={fallbackHref} />
    </ShadowRoot>
  );
}
