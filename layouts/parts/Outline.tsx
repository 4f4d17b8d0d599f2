// "On this page": the page's headings (depth 2–4) as anchor links.
import type { TocEntry } from '../../common/types.ts';

export function OutlineList({ toc }: { toc: TocEntry[] }) {
  return (
    <ul className="outline-list">
      {toc.map((entry) => (
        <li key={entry.id} className={`depth-${entry.depth}`}>
          <a href={`#${encodeURIComponent(entry.id)}`} data-id={entry.id}>
            {entry.text}
          </a>
        </li>
      ))}
    </ul>
  );
}

export function Outline({ toc, title }: { toc: TocEntry[]; title: string }) {
  return (
    <aside className="outline" aria-labelledby="outline-title">
      <nav aria-labelledby="outline-title">
        <p className="outline-title" id="outline-title">
          {title}
        </p>
        <OutlineList toc={toc} />
      </nav>
    </aside>
  );
}
