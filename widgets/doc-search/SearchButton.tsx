// The navbar's Search button of <doc-search> (Ctrl K / ⌘ K), drawn like its server-rendered fallback.
import { SearchIcon } from '../../common/icons.tsx';

const isMac = () => /mac|iphone|ipad|ipod/i.test(navigator.platform || navigator.userAgent);

interface Props {
  label: string;
  expanded: boolean;
  onOpen(): void;
  /** The pointer or focus reached the button: a click may follow (the modal's code can start loading). */
  onIntent(): void;
}

export function SearchButton({ label, expanded, onOpen, onIntent }: Props) {
  return (
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
      <kbd className="search-kbd">{isMac() ? '⌘ K' : 'Ctrl K'}</kbd>
    </button>
  );
}
