// The markup of <theme-toggle>'s shadow root: one icon button with both icons. Which one shows is the theme's:
// on the docs site the page's stylesheet picks by `html.dark` (styles/widgets.css, through two inherited custom
// properties), so the built button is right from the first frame, before the widget knows anything; embedded,
// the widget's own stylesheet picks by the button's data-theme.
import { MoonIcon, SunIcon } from '../icons.tsx';

export interface ThemeToggleViewProps {
  name: string;
  /** Unknown at build time (the reader's choice is in their storage). */
  dark?: boolean;
  buttonRef?: React.Ref<HTMLButtonElement>;
  onClick?: () => void;
}

export function ThemeToggleView({ name, dark, buttonRef, onClick }: ThemeToggleViewProps) {
  return (
    <button
      ref={buttonRef}
      type="button"
      className="icon-button theme-button"
      aria-label={name}
      title={name}
      data-theme={dark === undefined ? undefined : dark ? 'dark' : 'light'}
      onClick={onClick}
    >
      <span className="icon sun">
        <SunIcon />
      </span>
      <span className="icon moon">
        <MoonIcon />
      </span>
    </button>
  );
}
