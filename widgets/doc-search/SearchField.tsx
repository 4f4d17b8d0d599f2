// The search modal's field: an ARIA combobox over the results listbox, with its Cancel button.
import { memo, useRef, type KeyboardEvent } from 'react';
import { SearchIcon } from '../../common/icons.tsx';

interface FieldProps {
  inputRef: React.RefObject<HTMLInputElement | null>;
  label: string;
  placeholder: string;
  value: string;
  listboxId: string;
  /** The id of the selected option while the list shows results. */
  activeOption: string | undefined;
  cancelText: string;
  onInput: (text: string, composing: boolean) => void;
  onMove: (step: 1 | -1) => void;
  onEnter: () => void;
  onCancel: () => void;
}

/** Memoised: the dialog renders on every keystroke and engine state; this part only when its props change. */
export const SearchField = memo(function SearchField({
  inputRef,
  label,
  placeholder,
  value,
  listboxId,
  activeOption,
  cancelText,
  onInput,
  onMove,
  onEnter,
  onCancel,
}: FieldProps) {
  const composing = useRef(false);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      onMove(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter') {
      // Enter also confirms an IME candidate: that must not open a result.
      if (event.nativeEvent.isComposing || composing.current || event.keyCode === 229) return;
      event.preventDefault();
      onEnter();
    }
  };
  return (
    <div className="search-header">
      <label className="search-field">
        <SearchIcon />
        <input
          ref={inputRef}
          type="text"
          role="combobox"
          aria-label={label}
          aria-expanded={activeOption !== undefined}
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={activeOption}
          placeholder={placeholder}
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="go"
          value={value}
          onChange={(event) => onInput(event.target.value, composing.current)}
          onCompositionStart={() => {
            composing.current = true;
          }}
          onCompositionEnd={(event) => {
            composing.current = false;
            onInput(event.currentTarget.value, false);
          }}
          onKeyDown={onKeyDown}
        />
      </label>
      <button type="button" className="search-cancel" onClick={onCancel}>
        {cancelText}
      </button>
    </div>
  );
});
