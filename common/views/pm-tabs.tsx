// The markup of <pm-tabs>' shadow root: an ARIA tab strip over a panel that shows the slotted code blocks.
// The widget (widgets/pm-tabs/PmTabs.tsx) renders it with its handlers; the Markdown renderer renders it at
// build time (lib/markdown/code.ts), so the page paints the same tabs before any script.
import type { KeyboardEvent } from 'react';

export interface PmTabsViewProps {
  names: string[];
  selected: number;
  group?: string;
  onKeyDown?: (event: KeyboardEvent) => void;
  onChoose?: (index: number) => void;
  tabRef?: (index: number, el: HTMLButtonElement | null) => void;
}

export function PmTabsView({ names, selected, group, onKeyDown, onChoose, tabRef }: PmTabsViewProps) {
  return (
    <>
      <div
        className="tablist"
        role="tablist"
        aria-label={group ? `${group} commands` : undefined}
        onKeyDown={onKeyDown}
      >
        {names.map((name, i) => (
          <button
            key={name + i}
            ref={tabRef ? (el) => tabRef(i, el) : undefined}
            type="button"
            role="tab"
            id={`tab-${i}`}
            aria-selected={i === selected}
            aria-controls="panel"
            tabIndex={i === selected ? 0 : -1}
            onClick={onChoose ? () => onChoose(i) : undefined}
          >
            {name}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="panel" aria-labelledby={`tab-${selected}`}>
        <slot />
      </div>
    </>
  );
}
