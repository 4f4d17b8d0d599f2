// Writes each declarative shadow root's stylesheet into its marker in a page's body (common/views/shadow-root.tsx):
// the Markdown renderer's <pm-tabs> are made before the sheets exist. The text in built pages, else a link to the
// sheet (the dev server), as the layouts' own roots have theirs.
import { SHADOW_STYLE_ATTRIBUTE, type ServerRenderedTag } from '../common/views/server-rendered.ts';
import type { PageAssets } from '../lib/model.ts';

const MARKER = new RegExp(`<style ${SHADOW_STYLE_ATTRIBUTE}="([a-z-]+)"></style>`, 'g');

export function withShadowStyles(html: string, styles: PageAssets['shadowStyles']): string {
  if (!html.includes(SHADOW_STYLE_ATTRIBUTE)) return html;
  return html.replace(MARKER, (marker, tag: string) => {
    const style = styles[tag as ServerRenderedTag];
    if (!style) return marker;
    return style.text !== undefined
      ? `<style ${SHADOW_STYLE_ATTRIBUTE}="${tag}">${style.text}</style>`
      : `<link rel="stylesheet" href="${style.href}">`;
  });
}
