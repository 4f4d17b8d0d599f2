// Writes each declarative shadow root's stylesheet into its marker (common/views/shadow-root.tsx): the text in
// built pages (allowed by hash, as the page's own sheets are: lib/csp.ts), else a link to the sheet (the dev
// server, which serves the sheets as files). One pass over the finished page, so markup written as strings
// (the Markdown renderer's <pm-tabs>) gets its sheet as the layouts' elements do.
import { SHADOW_STYLE_ATTRIBUTE, type ServerRenderedTag } from '../common/views/server-rendered.ts';
import type { PageAssets } from '../lib/model.ts';

const MARKER = new RegExp(`<style ${SHADOW_STYLE_ATTRIBUTE}="([a-z-]+)"></style>`, 'g');

export function withShadowStyles(html: string, styles: PageAssets['shadowStyles']): string {
  return html.replace(MARKER, (marker, tag: string) => {
    const style = styles[tag as ServerRenderedTag];
    if (!style) return marker;
    return style.text !== undefined
      ? `<style ${SHADOW_STYLE_ATTRIBUTE}="${tag}">${style.text}</style>`
      : `<link rel="stylesheet" href="${style.href}">`;
  });
}
