// 404: "404", PAGE NOT FOUND and a link home. An inline script fixes the link for the visitor's language and
// version and drops a default-language segment from the URL (`/en/guide/` → `/guide/`).
import type { LayoutProps } from './context.ts';

export function NotFound({ page, script }: Pick<LayoutProps, 'page'> & { script: string }) {
  const texts = page.locale.texts;
  return (
    <main id="main" className="not-found" tabIndex={-1}>
      <p className="not-found-code">404</p>
      <h1>{texts.notFoundTitle}</h1>
      <p>{texts.notFoundText}</p>
      <a className="button brand" href={page.href.replace(/404(\.html)?$/, '')} data-home-link="">
        {texts.takeMeHomeText}
      </a>
      <script dangerouslySetInnerHTML={{ __html: script }} />
    </main>
  );
}
