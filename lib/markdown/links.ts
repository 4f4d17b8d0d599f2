// Links: internal ones get the page's language, version and base (and are recorded for the dead-link check);
// external ones open in a new tab. Images get lazy loading and the zoom marker.
import type { MarkdownIt } from './env.ts';
import type { StateCore } from 'markdown-it';
import type { MarkdownEnv } from './env.ts';

const EXTERNAL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;
const STATIC_FILE = /\.(?!md$|html$)[a-z\d]+$/i;

export function linksPlugin(md: MarkdownIt, currentRoute: (env: MarkdownEnv) => string): void {
  md.core.ruler.push('site_links', (state: StateCore) => {
    const env = state.env as MarkdownEnv;
    for (const block of state.tokens) {
      if (block.type !== 'inline' || !block.children) continue;
      // The line of each link, not of its paragraph: count the line breaks before it.
      let line = env.lineOffset + (block.map?.[0] ?? 0) + 1;
      for (const token of block.children) {
        if (token.type === 'softbreak' || token.type === 'hardbreak') line++;
        if (token.type === 'html_inline') line += token.content.split('\n').length - 1;
        if (token.type === 'image') {
          const src = String(token.attrGet('src') ?? '');
          if (src.startsWith('/') && !src.startsWith('//')) token.attrSet('src', env.href(src));
          token.attrSet('loading', 'lazy');
          token.attrSet('decoding', 'async');
          token.attrSet('data-zoomable', '');
          continue;
        }
        if (token.type !== 'link_open' || token.attrGet('class') === 'header-anchor') continue;
        const href = String(token.attrGet('href') ?? '');
        if (EXTERNAL.test(href)) {
          if (/^https?:|^\/\//i.test(href)) {
            token.attrSet('target', '_blank');
            token.attrSet('rel', 'noopener noreferrer');
          }
          continue;
        }
        const hashAt = href.indexOf('#');
        const pathPart = hashAt === -1 ? href : href.slice(0, hashAt);
        const hash = hashAt === -1 ? '' : decodeURIComponent(href.slice(hashAt + 1));
        if (pathPart === '') {
          env.links.push({ href, route: '', hash, line });
          continue;
        }
        const neutral = pathPart.startsWith('/') ? pathPart : new URL(pathPart, `http://x${currentRoute(env)}`).pathname;
        // A static file (`/logo.svg`) is the same in every language: base only, no /zh prefix.
        const route = STATIC_FILE.test(neutral) ? neutral : env.localize(neutral.replace(/\.md$/, '').replace(/\/index$/, '/'));
        env.links.push({ href, route, hash, line });
        token.attrSet('href', env.href(route) + (hashAt === -1 ? '' : href.slice(hashAt)));
      }
    }
  });
}
