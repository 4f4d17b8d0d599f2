// Where the docs site is, for a widget that may run on another site: the `docs-base` attribute, else (embedded)
// the folder above the embed script. On the docs site itself there is none and URLs stay as the page has them
// (root-relative, so a client-side page change keeps working); embedded, every URL a widget fetches or shows
// is absolute to the docs site, never resolved against the host page.

let scriptBase: string | undefined;
let scriptSrc: string | undefined;

/** The docs site's own pages carry their site data on <html data-site> (put there by the boot script); a host page does not. */
export function isDocsSite(): boolean {
  return document.documentElement.hasAttribute('data-site');
}

/** A folder URL always ends in `/`, or `new URL('static/x', base)` would replace its last segment. */
function asFolder(url: URL): string {
  return url.pathname.endsWith('/') ? url.href : `${url.origin}${url.pathname}/`;
}

/**
 * The docs root of a script served as `{docs}/assets/embed.js` (the build's layout); a script elsewhere (a
 * copy next to the host's page) counts its own folder as the root.
 */
export function baseOfScript(src: string): string {
  const folder = new URL('./', src);
  return folder.pathname.endsWith('/assets/') ? new URL('../', folder).href : folder.href;
}

/** Called by the embed script while it runs (document.currentScript is only set then). */
export function rememberScriptBase(script: Element | null = document.currentScript): void {
  const src = script instanceof HTMLScriptElement ? script.src : '';
  if (src && !scriptBase) {
    scriptSrc = src;
    scriptBase = baseOfScript(src);
  }
}

/** A file beside the embed script (its on-demand parts); undefined when the script's URL is unknown. */
export function besideScript(name: string): string | undefined {
  return scriptSrc && new URL(name, scriptSrc).href;
}

/** Bad `docs-base` values already reported, per element name: a widget reads its base on every render. */
const reported = new Set<string>();

/** `attribute` as an http(s) folder URL, or undefined: `javascript:`, `data:` and the like are no site to fetch from. */
function httpFolder(attribute: string): string | undefined {
  let url: URL;
  try {
    url = new URL(attribute, document.baseURI);
  } catch {
    return undefined;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? asFolder(url) : undefined;
}

/**
 * The docs site's base URL for a widget: its `docs-base` attribute, else the embed script's, never on the docs
 * site itself. A value that is not an http(s) URL is reported (once) and the default is used. `tag` names the
 * element in the report.
 */
export function docsBase(attribute?: string, tag = 'docs-widget'): string | undefined {
  if (attribute) {
    const base = httpFolder(attribute);
    if (base) return base;
    if (!reported.has(`${tag} ${attribute}`)) {
      reported.add(`${tag} ${attribute}`);
      console.error(
        `<${tag}>: attribute "docs-base" is not an http(s) URL (${JSON.stringify(attribute)}); using the default.`,
      );
    }
  }
  return isDocsSite() ? undefined : scriptBase;
}

/** A URL the widget produces: absolute to the docs site when there is a docs base, else unchanged. */
export function docsUrl(url: string, base: string | undefined): string {
  return base ? new URL(url, base).href : url;
}

/** For tests: forget the embed script's base. */
export function resetScriptBase(): void {
  scriptBase = undefined;
  scriptSrc = undefined;
}
