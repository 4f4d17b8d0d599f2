// An overview page's own Markdown may introduce a group under a heading of the group's name ("## Test
// configurations" above the Test Configurations cards). The group is then listed under that heading instead
// of under a second one of its own: the page's HTML is cut at its top-level H2s, and the layout puts each
// group's cards after the section whose heading names it.

export interface HtmlSection {
  /** The id of the H2 that opens the section; none for the part before the first H2. */
  id?: string;
  /** The section's HTML, its heading included. */
  html: string;
}

/** Elements that can hold a heading (containers, lists, tables): an H2 inside one is not a cut point. */
const CONTAINER = /<(\/?)(div|details|blockquote|section|aside|ul|ol|table)\b[^>]*>/gi;
const H2 = /<h2\b[^>]*\bid="([^"]*)"[^>]*>/gi;

function depthAt(html: string, end: number): number {
  let depth = 0;
  for (const match of html.slice(0, end).matchAll(CONTAINER)) depth += match[1] ? -1 : 1;
  return depth;
}

/** The HTML cut before every top-level H2 that has an id. */
export function splitAtH2(html: string): HtmlSection[] {
  const cuts = [...html.matchAll(H2)]
    .filter((m) => depthAt(html, m.index) === 0)
    .map((m) => ({ at: m.index, id: m[1] }));
  const sections: HtmlSection[] = [{ html: html.slice(0, cuts[0]?.at ?? html.length) }];
  cuts.forEach((cut, i) => sections.push({ id: cut.id, html: html.slice(cut.at, cuts[i + 1]?.at ?? html.length) }));
  return sections;
}

const normalize = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');

/**
 * The id of the page's H2 that names a group, if any: same text ignoring case, spaces and hyphens
 * ("Test configurations" ~ "Test Configurations"), or an id that is the group's name as a slug.
 */
export function headingIdOfGroup(
  toc: { text: string; id: string; depth: number }[],
  group: string,
): string | undefined {
  const name = normalize(group);
  return toc.find((t) => t.depth === 2 && (normalize(t.text) === name || normalize(t.id) === name))?.id;
}
