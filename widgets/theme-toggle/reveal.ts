// The theme switch's circular reveal from the button (View Transitions API), shared by the widget
// (ThemeToggle.tsx) and the built button's switch before the widget has loaded (early.ts), so that a click
// looks the same before and after the upgrade.

const REVEAL_MS = 400;

/** The engine can run a view transition and the reader welcomes motion. */
export function canReveal(): boolean {
  return (
    typeof document.startViewTransition === 'function' && !window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Switches by `commit` inside a view transition whose new image grows from the button. While it runs, the page is
 * its snapshot and every press lands on <html> (engines hit-test no element of a transition that takes in the
 * whole page): a press on the button's place is the reader changing their mind, and goes to the button.
 */
export function reveal(button: HTMLElement, commit: () => void): void {
  const rect = button.getBoundingClientRect();
  const x = rect.left + rect.width / 2;
  const y = rect.top + rect.height / 2;
  const radius = Math.hypot(Math.max(x, window.innerWidth - x), Math.max(y, window.innerHeight - y));
  const transition = document.startViewTransition(commit);
  // The button stays where it was when the reveal began (x, y: its centre).
  const onPress = (event: MouseEvent) => {
    const onButton = Math.abs(event.clientX - x) * 2 <= rect.width && Math.abs(event.clientY - y) * 2 <= rect.height;
    if (event.target !== document.documentElement || !onButton) return;
    transition.skipTransition();
    button.click();
  };
  document.addEventListener('click', onPress);
  transition.finished.finally(() => document.removeEventListener('click', onPress)).catch(() => undefined);
  transition.ready
    .then(() =>
      document.documentElement.animate(
        { clipPath: [`circle(0px at ${x}px ${y}px)`, `circle(${radius}px at ${x}px ${y}px)`] },
        { duration: REVEAL_MS, easing: 'ease-in', pseudoElement: '::view-transition-new(root)' },
      ),
    )
    .catch(() => undefined); // Skipped transitions (hidden tab) still applied the theme.
}
