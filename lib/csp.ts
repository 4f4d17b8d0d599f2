// The Content-Security-Policy the built site works under: scripts from the site itself plus, by hash, the inline
// scripts it writes (the boot script on every page, the 404 page's script, the redirect pages' script); styles
// from the site plus, by hash, the stylesheets the pages carry inline (every page's, the home page's) — no
// style attribute and no other <style> (highlighting is classes, widgets and the runtime adopt constructed
// stylesheets). The build writes it as a _headers file example (`_headers.example` in the output, for hosts
// such as Netlify and Cloudflare Pages) and prints it.
import { createHash } from 'node:crypto';

export const CSP_EXAMPLE_FILE = '_headers.example';

/** The CSP source of an inline script or style: its text exactly as between the opening and closing tags. */
export function sourceHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

export function contentSecurityPolicy(inlineScripts: string[], inlineStyles: string[] = []): string {
  const sources = (texts: string[]) => ["'self'", ...[...new Set(texts)].map(sourceHash)].join(' ');
  return [
    `script-src ${sources(inlineScripts)}`,
    `style-src ${sources(inlineStyles)}`,
    "object-src 'none'",
    "base-uri 'self'",
  ].join('; ');
}

/** The policy as a `_headers` file for every path under the base. */
export function headersExample(base: string, policy: string): string {
  return (
    `# The Content-Security-Policy this build works under (${CSP_EXAMPLE_FILE}, written by npm run build).\n` +
    '# Netlify and Cloudflare Pages read a file named _headers at the root of the site; elsewhere, send the header\n' +
    '# the way the host allows. The hashes change when the inline scripts and styles do: take the file from each build.\n' +
    `${base}*\n  Content-Security-Policy: ${policy}\n`
  );
}
