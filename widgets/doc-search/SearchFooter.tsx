// The search modal's foot: the keys it answers to (↵ select, ↑↓ navigate, esc close), as the docs search
// boxes readers know show them. Hidden on small screens, where there is no keyboard to hint at, and from
// assistive technology, which announces the combobox and its keys itself.
import { memo } from 'react';
import { ArrowDownIcon, ArrowUpIcon, EnterKeyIcon } from '../../common/icons.tsx';
import type { UiTexts } from '../../common/types.ts';

/** Memoised: the dialog renders on every keystroke and engine state; this part only when its props change. */
export const SearchFooter = memo(function SearchFooter({
  texts,
}: {
  texts: Pick<UiTexts, 'searchSelectText' | 'searchNavigateText' | 'searchCloseText'>;
}) {
  return (
    <footer className="search-footer" aria-hidden="true">
      <span className="search-key-hint">
        <kbd>
          <EnterKeyIcon />
        </kbd>
        {texts.searchSelectText}
      </span>
      <span className="search-key-hint">
        <kbd>
          <ArrowUpIcon />
        </kbd>
        <kbd>
          <ArrowDownIcon />
        </kbd>
        {texts.searchNavigateText}
      </span>
      <span className="search-key-hint">
        <kbd>esc</kbd>
        {texts.searchCloseText}
      </span>
    </footer>
  );
});
