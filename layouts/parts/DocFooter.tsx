// Below a doc page: edit link, last-updated date, previous/next page.
import { EditIcon } from '../../common/icons.tsx';
import type { LayoutProps } from '../context.ts';

// Creating an Intl formatter is costly; one per language serves every page.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatDate(date: Date, lang: string): string {
  let format = formatters.get(lang);
  if (!format)
    formatters.set(
      lang,
      (format = new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' })),
    );
  return format.format(date);
}

/** The colon after a label: full-width and unspaced after Chinese or Japanese text (最后更新于：), else ": ". */
export const labelColon = (label: string) => (/[\u3040-\u30ff\u3400-\u9fff]$/.test(label) ? '\uff1a' : ': ');

export function DocFooter({ page, model }: Pick<LayoutProps, 'page' | 'model'>) {
  const { texts, editLink } = page.locale;
  const theme = model.site.config.themeConfig;
  const editHref =
    editLink && page.file
      ? `${editLink.docRepoBaseUrl.replace(/\/$/, '')}/${page.data.lang}/${page.data.relativePath}`
      : undefined;
  const updated = theme.lastUpdated && page.data.lastUpdatedTime ? new Date(page.data.lastUpdatedTime) : undefined;
  return (
    <footer className="doc-footer">
      <div className="doc-footer-meta">
        {editHref ? (
          <a className="edit-link" href={editHref} target="_blank" rel="noopener noreferrer">
            <EditIcon />
            {texts.editLinkText}
          </a>
        ) : null}
        {updated ? (
          <p className="last-updated">
            {texts.lastUpdatedText}
            {labelColon(texts.lastUpdatedText)}
            <time dateTime={updated.toISOString()}>{formatDate(updated, page.data.lang)}</time>
          </p>
        ) : null}
      </div>
      {page.prev || page.next ? (
        <nav className="prev-next" aria-label={`${texts.prevPageText} / ${texts.nextPageText}`}>
          {page.prev ? (
            <a className="pager prev" href={page.prev.href} rel="prev">
              <span className="pager-label">{texts.prevPageText}</span>
              <span className="pager-title">{page.prev.text}</span>
            </a>
          ) : (
            <span />
          )}
          {page.next ? (
            <a className="pager next" href={page.next.href} rel="next">
              <span className="pager-label">{texts.nextPageText}</span>
              <span className="pager-title">{page.next.text}</span>
            </a>
          ) : null}
        </nav>
      ) : null}
    </footer>
  );
}
