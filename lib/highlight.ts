// Syntax highlighting with shiki, cached on disk by content hash. Rendering asks synchronously:
// a cached block comes back at once, a new one leaves a placeholder that `flush()` fills after all pages ran.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { HighlighterCore, ShikiTransformer } from 'shiki/core';

/** Fence language names → shiki grammar ids (only these are ever loaded). */
const LANG_ALIASES: Record<string, string> = {
  ts: 'typescript', typescript: 'typescript', mts: 'typescript', cts: 'typescript',
  tsx: 'tsx', js: 'javascript', javascript: 'javascript', mjs: 'javascript', cjs: 'javascript', jsx: 'jsx',
  json: 'json', jsonc: 'jsonc', json5: 'jsonc', bash: 'shellscript', sh: 'shellscript', shell: 'shellscript',
  zsh: 'shellscript', console: 'shellscript', diff: 'diff', yaml: 'yaml', yml: 'yaml', html: 'html',
  css: 'css', scss: 'scss', less: 'less', md: 'markdown', markdown: 'markdown', toml: 'toml', vue: 'vue',
  svelte: 'svelte', xml: 'xml', ini: 'ini', dotenv: 'dotenv',
};

export function grammarOf(lang: string): string {
  return LANG_ALIASES[lang.toLowerCase()] ?? 'text';
}

interface Pending {
  code: string;
  grammar: string;
  lines: number[];
}

const PLACEHOLDER = /<!--hl:([0-9a-f]{40})-->/g;

/** Shiki's CSS-variable theme gives one tokenization for light and dark; colours become short classes. */
const toClasses: ShikiTransformer = {
  pre(node) {
    delete node.properties.style;
    node.properties.class = 'shiki';
  },
  span(node) {
    const style = node.properties.style;
    if (typeof style !== 'string') return;
    delete node.properties.style;
    const match = /color:var\(--sk-(?:token-)?([a-z-]+)\)/.exec(style);
    if (match && match[1] !== 'foreground') this.addClassToHast(node, `sk-${match[1]}`);
  },
};

export class CodeHighlighter {
  private cache = new Map<string, string>();
  private pending = new Map<string, Pending>();
  private dirty = false;
  private shiki?: HighlighterCore;

  constructor(private readonly cacheFile?: string) {
    if (cacheFile && fs.existsSync(cacheFile)) {
      try {
        this.cache = new Map(Object.entries(JSON.parse(fs.readFileSync(cacheFile, 'utf8')) as Record<string, string>));
      } catch {
        // A broken cache is only a slower build.
      }
    }
  }

  /** Highlighted `<pre>` for the code, or a placeholder that `resolve` fills after `flush`. */
  request(code: string, lang: string, lines: number[] = []): string {
    const grammar = grammarOf(lang);
    const key = createHash('sha1').update(`${grammar}\0${lines.join(',')}\0${code}`).digest('hex');
    const hit = this.cache.get(key);
    if (hit !== undefined) return hit;
    this.pending.set(key, { code, grammar, lines });
    return `<!--hl:${key}-->`;
  }

  /** Highlights every pending block (loading only the grammars they use). */
  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const shiki = await this.highlighter([...new Set([...this.pending.values()].map((p) => p.grammar))]);
    for (const [key, { code, grammar, lines }] of this.pending) {
      const marked = new Set(lines);
      const html = shiki.codeToHtml(code, {
        lang: grammar,
        theme: 'css-vars',
        // No time limit per line: shiki's default (500 ms) leaves the rest of a line unhighlighted when the
        // machine is busy, and that result would stay in the cache.
        tokenizeTimeLimit: 0,
        transformers: [
          toClasses,
          {
            line(node, line) {
              if (marked.has(line)) this.addClassToHast(node, 'highlighted');
            },
          },
        ],
      });
      this.cache.set(key, html);
    }
    this.pending.clear();
    this.dirty = true;
  }

  resolve(html: string): string {
    return html.replace(PLACEHOLDER, (_, key: string) => this.cache.get(key) ?? '');
  }

  save(): void {
    if (!this.cacheFile || !this.dirty) return;
    fs.mkdirSync(path.dirname(this.cacheFile), { recursive: true });
    fs.writeFileSync(this.cacheFile, JSON.stringify(Object.fromEntries(this.cache)));
    this.dirty = false;
  }

  private async highlighter(grammars: string[]): Promise<HighlighterCore> {
    const { createHighlighterCore, createCssVariablesTheme } = await import('shiki/core');
    // The Oniguruma engine (WebAssembly) is the grammars' own regex dialect: on this content it tokenizes
    // about twice as fast as the JavaScript engine, even with precompiled grammars (bench: 1.1 s vs 2.5 s).
    const { createOnigurumaEngine } = await import('shiki/engine/oniguruma');
    this.shiki ??= await createHighlighterCore({
      themes: [createCssVariablesTheme({ name: 'css-vars', variablePrefix: '--sk-', fontStyle: false })],
      langs: [],
      engine: createOnigurumaEngine(import('shiki/wasm')),
    });
    const loaded = new Set(this.shiki.getLoadedLanguages());
    for (const grammar of grammars) {
      if (grammar === 'text' || loaded.has(grammar)) continue;
      const mod = (await import(`shiki/langs/${grammar}.mjs`)) as { default: Parameters<HighlighterCore['loadLanguage']>[0] };
      await this.shiki.loadLanguage(mod.default);
    }
    return this.shiki;
  }
}
