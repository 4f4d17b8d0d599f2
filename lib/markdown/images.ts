// Co-located images: `![Diagram](./diagram.png)` next to the page (or `../assets/x.png`) is copied into the site
// as `static/image/<name>.<hash>.<ext>` (one copy per content, whatever page and language use it) and the link
// points there. An image that is not there, lies outside the content folder (real path: through a symlink too), or
// is not an image (by extension and first bytes) fails the build with file and line: a path such as
// `../../../../etc/passwd` would otherwise publish the build machine's files.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { StateCore } from 'markdown-it';
import type { MarkdownEnv, MarkdownIt } from './env.ts';
import { isInside, realPathOutside } from '../contained.ts';
import { hasImageBytes, IMAGE_EXTENSIONS, isImageExtension } from '../image-types.ts';

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
        const line = env.lineOffset + (block.map?.[0] ?? 0) + 1;
        const problem = imageProblem(src, file, env.contentRoot ?? path.dirname(env.file));
        if (problem) {
          env.problems.push({ file: env.file, line, ...problem });
          continue;
        }
        const output = colocatedOutput(file);
        (env.files ??= new Map()).set(file, output);
        token.attrSet('src', `${env.base ?? '/'}${output}`);
      }
    }
  });
}

/** What is wrong with the image `src` (resolved to `file`) of a page, if anything. */
function imageProblem(src: string, file: string, contentRoot: string): { message: string; fix: string } | undefined {
  const outside = {
    fix: 'put the image in the content folder, next to the page, and give its path relative to the page',
  };
  if (!isInside(contentRoot, file)) return { message: `image "${src}" is outside the content folder`, ...outside };
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
    return {
      message: `image "${src}" not found (looked for ${path.relative(process.cwd(), file)})`,
      fix: 'put the image next to the page, or correct the path (relative to the Markdown file)',
    };
  }
  const real = realPathOutside(contentRoot, file);
  if (real) return { message: `image "${src}" is outside the content folder (it links to ${real})`, ...outside };
  if (!isImageExtension(file)) {
    return {
      message: `image "${src}" is not an image (${path.extname(file) || 'no extension'})`,
      fix: `use an image file: ${IMAGE_EXTENSIONS.join(', ')}`,
    };
  }
  if (!hasImageBytes(file)) {
    const ext = path.extname(file).toLowerCase();
    return {
      message: `image "${src}" is not an image: its bytes are not those of a ${ext} file`,
      fix: `save it again as a real ${ext} image, or give it the extension of its type`,
    };
  }
  return undefined;
}
