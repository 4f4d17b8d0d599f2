// The custom elements' own UI, rendered at build time into their declarative shadow roots: the view components
// their widgets render (common/views/), in the state a reader first meets (idle, menus closed).
import { chatGptUrl, claudeUrl } from '../../common/ai-links.ts';
import { builtInWidgetTexts } from '../../common/i18n.ts';
import { markdownPathOfRoute } from '../../common/routes.ts';
import { CopyMarkdownView, OpenMenuView } from '../../common/views/copy-markdown.tsx';
import { ShadowRoot } from '../../common/views/shadow-root.tsx';
import type { LayoutProps } from '../context.ts';

export function CopyMarkdownShadow({ page, model }: Pick<LayoutProps, 'page' | 'model'>) {
  const texts = builtInWidgetTexts(page.data.lang);
  const pageUrl = `${model.site.config.siteUrl}${page.href}`;
  const menu = (
    <OpenMenuView
      label={texts.openText}
      menuId="copy-markdown-menu"
      open={false}
      items={[{ label: texts.copyMarkdownLinkText }, { label: texts.openInChatGPTText, href: chatGptUrl(pageUrl) }, { label: texts.openInClaudeText, href: claudeUrl(pageUrl) }]}
    />
  );
  return (
    <ShadowRoot tag="copy-markdown">
      <CopyMarkdownView state="idle" status="" copyLabel={texts.copyMarkdownText} markdownHref={markdownPathOfRoute(page.href)} menu={menu} />
    </ShadowRoot>
  );
}
