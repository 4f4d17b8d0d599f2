// The markup of <doc-search>'s shadow root while the search is closed: the navbar's Search button with its
// shortcut. The widget renders it (widgets/doc-search/SearchButton.tsx), the navbar at build time. Without
// JavaScript the button could not open anything: a link to a web search of the site stands in for it (the
// widget's CSS shows one or the other by the `scripting` media feature).
import { SearchIcon } from '../icons.tsx';

export interface SearchButtonViewProps {
  label: string;
  expanded: boolean;
  /** "Ctrl K", or "⌘ K" on Apple systems (known only in the browser). */
  shortcut: string;
  /** The web search that stands in without JavaScript (the build knows the site's address). */
  fallbackHref?: string;
  onOpen?: () => void;
  onIntent?: () => void;
}

export function SearchButtonView({ label, expanded, shortcut, fallbackHref, onOpen, onIntent }: SearchButtonViewProps) {
  return (
    <>
      <button
        type="button"
        className="search-button"
        aria-haspopup="dialog"
        aria-expanded={expanded}
        aria-keyshortcuts="Control+K Meta+K"
        onClick={onOpen}
        onPointerEnter={onIntent}
        onFocus={onIntent}
      >
        <SearchIcon />
        <span className="search-label">{label}</span>
        <kbd className="search-kbd">{shortcut}</kbd>
      </button>
      {fallbackHref ? (
        <a className="search-button search-link" href={fallbackHref} target="_blank" rel="noopener noreferrer">
          <SearchIcon />
          <span className="search-label">{label}</span>
        </a>
      ) : null}
    </>
  );
}
