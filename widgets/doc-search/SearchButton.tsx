// The navbar's Search button of <doc-search> (Ctrl K / ⌘ K): common/views/search-button.tsx, which the navbar
// is also built with.
import { SearchButtonView } from '../../common/views/search-button.tsx';

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
    <SearchButtonView
      label={label}
      expanded={expanded}
      shortcut={isMac() ? '⌘ K' : 'Ctrl K'}
      onOpen={onOpen}
      onIntent={onIntent}
    />
  );
}
