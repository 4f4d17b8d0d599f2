// The brand marks of the social links (GitHub, X, Discord: not in Lucide, filled shapes), drawn from one SVG
// sprite beside the widget assets instead of written into every page: the build writes the sprite
// with the pages' other files (lib/outputs/index.ts), the navbar points at its symbols (layouts/parts/Navbar.tsx). Their outlines were about 650
// bytes of every page's gzip, in the first response, for marks a phone shows only once its menu is open; the
// sprite is fetched once and cached. Its name carries a hash of its text, so a changed mark is a new file.

export const BRAND_MARKS = {
  github:
    'M12 2a10 10 0 0 0-3.16 19.49c.5.09.68-.22.68-.48v-1.7c-2.78.6-3.37-1.34-3.37-1.34-.45-1.16-1.11-1.47-1.11-1.47-.9-.62.07-.6.07-.6 1 .07 1.53 1.03 1.53 1.03.89 1.53 2.34 1.09 2.91.83.09-.65.35-1.09.63-1.34-2.22-.25-4.55-1.11-4.55-4.94 0-1.09.39-1.98 1.03-2.68-.1-.25-.45-1.27.1-2.64 0 0 .84-.27 2.75 1.02a9.58 9.58 0 0 1 5 0c1.91-1.29 2.75-1.02 2.75-1.02.55 1.37.2 2.39.1 2.64.64.7 1.03 1.59 1.03 2.68 0 3.84-2.34 4.68-4.57 4.93.36.31.68.92.68 1.85v2.74c0 .27.18.58.69.48A10 10 0 0 0 12 2Z',
  x: 'M17.75 3h3.07l-6.7 7.66L22 21h-6.17l-4.83-6.32L5.47 21H2.4l7.17-8.2L2 3h6.33l4.37 5.77L17.75 3Zm-1.08 16.2h1.7L7.4 4.72H5.58L16.67 19.2Z',
  discord:
    'M19.6 5.3A16.6 16.6 0 0 0 15.5 4l-.5 1a15.4 15.4 0 0 0-6 0L8.5 4a16.5 16.5 0 0 0-4.1 1.3C1.8 9.2 1.1 13 1.4 16.8a16.7 16.7 0 0 0 5 2.6l1.1-1.7c-.6-.2-1.2-.5-1.7-.8l.4-.3a11.9 11.9 0 0 0 10.2 0l.4.3c-.5.3-1.1.6-1.7.8l1.1 1.7a16.6 16.6 0 0 0 5-2.6c.4-4.4-.7-8.2-2.9-11.5ZM8.7 14.5c-1 0-1.8-.9-1.8-2s.8-2 1.8-2 1.8.9 1.8 2-.8 2-1.8 2Zm6.6 0c-1 0-1.8-.9-1.8-2s.8-2 1.8-2 1.8.9 1.8 2-.8 2-1.8 2Z',
} as const;

// Functions, not constants: a bundle that draws no mark (the embed script) leaves the marks out.

/** The sprite: one <symbol> per mark, id = its name, filled with the colour of the <use> that draws it. */
export function brandSpriteSvg(): string {
  const symbols = Object.entries(BRAND_MARKS).map(
    ([id, d]) => `<symbol id="${id}" viewBox="0 0 24 24"><path fill="currentColor" d="${d}"/></symbol>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`;
}

/** FNV-1a, 32 bits, as 8 hex digits: enough to tell two versions of one small file apart. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** The sprite's file name in the assets folder. */
export function brandSpriteFile(): string {
  return `brand-marks.${fnv1a(brandSpriteSvg())}.svg`;
}
