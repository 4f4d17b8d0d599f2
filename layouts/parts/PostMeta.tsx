// Under a blog post's title: its day (localized, in a <time>) and its authors (linked to GitHub when a handle is given).
import type { Frontmatter } from '../../common/types.ts';

/** `2026-07-06` as a reader of `lang` writes it: `July 6, 2026`, `2026 年 7 月 6 日` (a space between Han and digits). */
export function formatPostDate(day: string, lang: string): string {
  const text = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
  return text.replace(/(\d)(?=\p{Script=Han})|(\p{Script=Han})(?=\d)/gu, '$1$2 ');
}

export function PostMeta({ date, authors = [], lang }: Pick<Frontmatter, 'date' | 'authors'> & { lang: string }) {
  return (
    <p className="post-meta">
      {date ? <time dateTime={date}>{formatPostDate(date, lang)}</time> : null}
      {authors.map((author, i) => {
        const { name, github } = typeof author === 'string' ? { name: author, github: undefined } : author;
        return (
          <span key={name} className="post-author">
            {i === 0 && date ? ' · ' : i > 0 ? ', ' : ''}
            {github ? (
              <a href={`https://github.com/${github}`} target="_blank" rel="noopener noreferrer">
                {name}
              </a>
            ) : (
              name
            )}
          </span>
        );
      })}
    </p>
  );
}
