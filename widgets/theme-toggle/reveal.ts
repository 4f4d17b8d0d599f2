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
  // The widget may upgrade during the reveal and draw its own button where the built one was (its shadow root).
  const root = button.getRootNode() as ParentNode;
  // The button stays where it was when the reveal began (x, y: its centre).
  const onPress = (event: MouseEvent) => {
    const off = Math.abs(event.clientX - x) * 2 > rect.width || Math.abs(event.clientY - y) * 2 > rect.height;
    if (off || event.target !== document.documentElement) return;
    transition.skipTransition();
    (button.isConnected ? button : root.querySelector('button'))?.click();
  };
  document.addEventListener('click', onPress);
  // `finished` fulfils when the reveal ends or is skipped (it rejects only if the theme could not be applied).
  void transition.finished.then(() => document.removeEventListener('click', onPress));
  transition.ready
    .then(() =>
      document.documentElement.animate(
        { clipPath: [`circle(0px at ${x}px ${y}px)`, `circle(${radius}px at ${x}px ${y}px)`] },
        { duration: REVEAL_MS, easing: 'ease-in', pseudoElement: '::view-transition-new(root)' },
      ),
    )
    .catch(() => undefined); // Skipped transitions (hidden tab) still applied the theme.
}
