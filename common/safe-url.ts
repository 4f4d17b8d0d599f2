// Redirect targets that cannot leave the site. The paths the client-side redirects work on come from the
// address bar, so from anyone who can send a link: stripping `/en` from `/en//evil.example/x` leaves
// `//evil.example/x`, which `location.replace` reads as another host (so does `/\evil.example`, browsers take
// `\` for `/`); `%2F%2F` becomes `//` on servers that decode it, and the URL parser drops tabs and newlines, so
// `/\t/evil.example` is `//evil.example` too. Every redirect normalises its path here and checks the origin.

// Control characters (tab, newline…) never belong in a route; the URL parser would drop some of them silently.
const CONTROLS = /[\u0000-\u001f\u007f]/g;

/**
 * A path that can only mean a path on this origin: controls dropped, percent-escapes decoded once (a malformed
 * escape stays as written), backslashes as slashes, runs of slashes collapsed (so it never starts with `//`),
 * a leading `/` ensured (`javascript:x` becomes the path `/javascript:x`), and re-encoded so that nothing
 * decoding produced (`?`, `#`, `%`) changes meaning.
 */
export function safePath(path: string): string {
  let p = path.replace(CONTROLS, '');
  try {
    p = decodeURIComponent(p);
  } catch {
    // A malformed escape (`%E0%A4%A`): keep the text; encodeURI below escapes its `%`.
  }
  p = p.replace(CONTROLS, '').replace(/\\/g, '/');
  p = `/${p}`.replace(/\/{2,}/g, '/');
  try {
    return encodeURI(p).replace(/[?#]/g, (c) => encodeURIComponent(c));
  } catch {
    // A lone surrogate (only from a malformed address): the home page rather than a guess.
    return '/';
  }
}

/**
 * The absolute URL of `target` (a path or URL, resolved against `here`) if it is an http(s) URL of `here`'s
 * origin, else undefined: the last check before any redirect.
 */
export function sameOriginHref(target: string, here: { href: string; origin: string }): string | undefined {
  let url: URL;
  try {
    url = new URL(target, here.href);
  } catch {
    return undefined;
  }
  return /^https?:$/.test(url.protocol) && url.origin === here.origin ? url.href : undefined;
}

/** `path` made safe, with `rest` (the query and hash, as `location.search + location.hash`) appended, checked. */
export function safeRedirectHref(
  path: string,
  rest: string,
  here: { href: string; origin: string },
): string | undefined {
  // The query and hash cannot change the origin once the path is safe: they start with `?` or `#` (or are empty).
  const tail = rest.replace(CONTROLS, '');
  return sameOriginHref(safePath(path) + (/^[?#]/.test(tail) ? tail : ''), here);
}
