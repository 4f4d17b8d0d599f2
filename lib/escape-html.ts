// HTML-escapes text for element content and double-quoted attributes (code titles, plain code blocks).
export const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
