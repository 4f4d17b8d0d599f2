// 404: "404", PAGE NOT FOUND and a link home. An inline script fixes the link for the visitor's language and
// version, drops a default-language segment from the URL (`/en/guide/` → `/guide/`), and speaks the language
// of the path: hosts that serve one root 404.html for every unknown path give the English page to /zh/…
// readers too, so the page carries each language's texts and navbar (in <template>s) and the script swaps them in
// before the first paint.
import type { LayoutProps } from './context.ts';

/** What the script needs to relocalize the page: per language, its title and the three texts (data-l10n keys). */
export type NotFoundTexts = Record<string, { title: string; heading: string; text: string; home: string }>;

export function NotFound({
  page,
  model,
  script,
  navbars = [],
}: Pick<LayoutProps, 'page' | 'model'> & { script: string; navbars?: { lang: string; navbar: React.ReactNode }[] }) {
  const texts = page.locale.texts;
  const all: NotFoundTexts = Object.fromEntries(
    model.site.locales.map((l) => [
      l.lang,
      {
        title: `404 - ${l.title}`,
        heading: l.texts.notFoundTitle,
        text: l.texts.notFoundText,
        home: l.texts.takeMeHomeText,
      },
    ]),
  );
  return (
    <main id="main" className="not-found" tabIndex={-1} data-texts={JSON.stringify(all)}>
      <p className="not-found-code">404</p>
      <h1 data-l10n="heading">{texts.notFoundTitle}</h1>
      <p data-l10n="text">{texts.notFoundText}</p>
      <a className="button brand" href={page.href.replace(/404(\.html)?$/, '')} data-home-link="" data-l10n="home">
        {texts.takeMeHomeText}
      </a>
      {navbars.map(({ lang, navbar }) => (
        <template key={lang} data-navbar-lang={lang}>
          {navbar}
        </template>
      ))}
      <script dangerouslySetInnerHTML={{ __html: script }} />
    </main>
  );
}
