// Turns a page's rendered Markdown body into the plain text search indexes: chrome left out (heading
// permalinks, tab strips, code titles and buttons, the H1), code kept in place, and where each heading starts.
// Table cells stay apart in the text (`retry | number | 0; bail | …`), so a snippet of a table reads as one.

export interface TextWithHeadings {
  text: string;
  /** Offset in `text` where the heading with this id starts. */
  headingOffsets: Map<string, number>;
}

const VOID = new Set('area base br col embed hr img input link meta source track wbr'.split(' '));
/** Elements whose text is never content. */
const SKIP_TAGS = new Set(['h1', 'button', 'script', 'style', 'svg', 'template', 'noscript', 'select', 'textarea']);
/** Classes the markdown pipeline puts on chrome inside the body (lib/markdown/code.ts, headings.ts). */
const SKIP_CLASSES = ['header-anchor', 'code-actions', 'tabs', 'code-title'];
/** Tags after which words must not run together. */
const BLOCK = new Set(
  'p div li ul ol h2 h3 h4 h5 h6 pre tr td th table blockquote dt dd dl summary details br hr section figure figcaption'.split(
    ' ',
  ),
);
const HEADING = new Set(['h2', 'h3', 'h4', 'h5', 'h6']);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

interface OpenElement {
  tag: string;
  skip: boolean;
  /** A <pm-tabs> counts its code blocks: only the first (npm) is indexed, the others say the same. */
  pmBlocks?: number;
  /** A <table> counts its rows and a <tr> its cells, to separate them in the text. */
  children?: number;
}

const TOKEN = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|([^<]+)/g;

export function htmlToText(html: string, options: { code: boolean } = { code: true }): TextWithHeadings {
  const stack: OpenElement[] = [];
  const parts: string[] = [];
  let length = 0;
  let pendingSpace = false;
  const headingOffsets = new Map<string, number>();
  /** How many open elements are skipped: text inside any of them is left out. */
  let skipped = 0;
  const skipping = () => skipped > 0;
  /** Puts a separator after the text so far (the next text follows after a space). */
  const separate = (mark: string) => {
    if (!length || skipping()) return;
    parts.push(mark);
    length += mark.length;
    pendingSpace = true;
  };

  const append = (raw: string) => {
    const text = decodeEntities(raw).replace(/\s+/g, ' ');
    if (!text.trim()) {
      if (text) pendingSpace = true;
      return;
    }
    const lead = /^\s/.test(text) || pendingSpace;
    const body = text.trim();
    const piece = (length && lead ? ' ' : '') + body;
    parts.push(piece);
    length += piece.length;
    pendingSpace = /\s$/.test(text);
  };

  for (const match of html.matchAll(TOKEN)) {
    const [, closing, rawTag, attrs = '', text] = match;
    if (text !== undefined) {
      if (!skipping()) append(text);
      continue;
    }
    if (!rawTag) continue; // comment
    const tag = rawTag.toLowerCase();
    if (closing) {
      const at = stack.findLastIndex((e) => e.tag === tag);
      if (at >= 0) {
        for (let i = at; i < stack.length; i++) if (stack[i].skip) skipped--;
        stack.length = at;
      }
      if (BLOCK.has(tag)) pendingSpace = true;
      continue;
    }
    if (BLOCK.has(tag)) pendingSpace = true;
    if (VOID.has(tag) || attrs.trim().endsWith('/')) continue;
    if (tag === 'tr' || tag === 'td' || tag === 'th') {
      const parentTag = tag === 'tr' ? 'table' : 'tr';
      const parent = stack.findLast((e) => e.tag === parentTag);
      if (parent && parent.children!++ > 0) separate(tag === 'tr' ? ';' : ' |');
    }
    const classes = (attrs.includes('class') && /\bclass\s*=\s*"([^"]*)"/.exec(attrs)?.[1].split(/\s+/)) || [];
    let skip =
      SKIP_TAGS.has(tag) ||
      SKIP_CLASSES.some((c) => classes.includes(c)) ||
      (!options.code && classes.includes('code-block'));
    const pm = stack.findLast((e) => e.pmBlocks !== undefined);
    if (pm && classes.includes('code-block')) skip ||= pm.pmBlocks!++ > 0;
    if (HEADING.has(tag) && !skipping()) {
      const id = /\bid\s*=\s*"([^"]*)"/.exec(attrs)?.[1];
      if (id) headingOffsets.set(decodeEntities(id), length + (length ? 1 : 0));
    }
    if (skip) skipped++;
    stack.push({
      tag,
      skip,
      pmBlocks: tag === 'pm-tabs' ? 0 : undefined,
      children: tag === 'table' || tag === 'tr' ? 0 : undefined,
    });
  }
  return { text: parts.join(''), headingOffsets };
}
