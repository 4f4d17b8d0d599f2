// axe-core in a Playwright page, for the e2e sample (test/e2e/accessibility.test.ts) and the full crawl
// (bench/axe.ts): the same rules and the same report per page.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The rule sets the site promises (issue 14): WCAG 2.0/2.1 A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
export const VIEWPORTS = { desktop: { width: 1280, height: 800 }, mobile: { width: 375, height: 740 } } as const;
export const SCHEMES = ['light', 'dark'] as const;

export interface AxeFinding {
  id: string;
  impact: string;
  /** Up to three targets, as CSS selectors. */
  targets: string[];
  help: string;
}

/** The site's HTML pages as routes (redirect pages left out: they leave before anything can be checked). */
export function builtRoutes(site: string): string[] {
  return (fs.readdirSync(site, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.html'))
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => !fs.readFileSync(path.join(site, f), 'utf8').includes('http-equiv="refresh"'))
    .map((f) => `/${f.replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, '')}`)
    .sort();
}

/** Injects axe-core into every document the context opens (it is big: once per context, not per page). */
export async function prepareAxe(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: axeSource });
}

/** Every axe violation on the page, serious or not (the caller filters by impact). */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  return page.evaluate(async (tags) => {
    type Result = { violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<Result> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  }, AXE_TAGS);
}

export const isSerious = (f: AxeFinding): boolean => f.impact === 'serious' || f.impact === 'critical';
