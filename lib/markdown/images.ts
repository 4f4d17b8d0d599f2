// Co-located images: `![Diagram](./diagram.png)` next to the page (or `../assets/x.png`) is copied into the site
// as `static/image/<name>.<hash>.<ext>` (one copy per content, whatever page and language use it) and the link
// points there. An image that is not there fails the build with file and line.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { StateCore } from 'markdown-it';
import type { MarkdownEnv, MarkdownIt } from './env.ts';

const RELATIVE = /^(?![a-z][a-z\d+.-]*:|\/|#)/i;

export function colocatedOutput(file: string): string {
  const hash = createHash('sha1').update(fs.readFileSync(file)).digest('hex').slice(0, 8);
  const ext = path.extname(file);
  return `static/image/${path.basename(file, ext).replace(/[^\w.-]+/g, '-')}.${hash}${ext.toLowerCase()}`;
}

export function imagesPlugin(md: MarkdownIt): void {
  md.core.ruler.push('colocated_images', (state: StateCore) => {
    const env = state.env as MarkdownEnv;
    for (const block of state.tokens) {
      if (block.type !== 'inline' || !block.children) continue;
      for (const token of block.children) {
        if (token.type !== 'image') continue;
        const src = String(token.attrGet('src') ?? '');
        if (!src || !RELATIVE.test(src)) continue;
        let rel = src.split(/[?#]/)[0];
        try {
          rel = decodeURIComponent(rel);
        } catch {
          // Looked up as written.
        }
        const file = path.resolve(path.dirname(env.file), rel);
        if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
          env.problems.push({
            file: env.file,
            line: env.lineOffset + (block.map?.[0] ?? 0) + 1,
            message: `image "${src}" not found (looked for ${path.relative(process.cwd(), file)})`,
            fix: 'put the image next to the page, or correct the path (relative to the Markdown file)',
          });
          continue;
        }
        const output = colocatedOutput(file);
        (env.files ??= new Map()).set(file, output);
        token.attrSet('src', `${env.base ?? '/'}${output}`);
      }
    }
  });
}
