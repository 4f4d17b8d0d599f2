// The page-level classes on <html> that the URL decides: `?navbar=0` … hide parts of the page (the boot
// script sets them before first paint; the router recomputes them after each page change), and the
// outline is off when the page is shown inside a frame.
const PARTS = ['navbar', 'sidebar', 'outline', 'footer', 'globalUIComponents'];

export const inFrame = (): boolean => {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
};

export function applyQueryFlags(search: string): void {
  const query = new URLSearchParams(search);
  const root = document.documentElement;
  for (const part of PARTS) {
    const hidden = query.get(part) === '0' || (part === 'outline' && inFrame());
    root.classList.toggle(`hide-${part.toLowerCase()}`, hidden);
  }
}
