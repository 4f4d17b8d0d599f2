// The highlighting thread: shiki turns code into HTML here while the build's main thread goes on (see
// lib/highlight.ts, which starts it, sends jobs and caches the answers). One answer per job, in order.
import { parentPort } from 'node:worker_threads';
import type { HighlighterCore, PatternScanner, RegexEngine, ShikiTransformer } from 'shiki/core';

export interface HighlightJob {
  key: string;
  code: string;
  /** A shiki grammar id, or `text`. */
  grammar: string;
  /** 1-based lines to mark. */
  lines: number[];
}

export type HighlightAnswer = { key: string; html: string } | { key: string; error: string };

/** Shiki's CSS-variable theme gives one tokenization for light and dark; colours become short classes. */
const toClasses: ShikiTransformer = {
  pre(node) {
    delete node.properties.style;
    // Notation transformers mark the block (`has-focused`, `has-diff`): those classes stay.
    const classes = node.properties.class;
    const marks = (Array.isArray(classes) ? classes.map(String) : String(classes ?? '').split(/\s+/)).filter((c) =>
      c.startsWith('has-'),
    );
    node.properties.class = ['shiki', ...marks].join(' ');
  },
  span(node) {
    const style = node.properties.style;
    if (typeof style !== 'string') return;
    delete node.properties.style;
    const match = /color:var\(--sk-(?:token-)?([a-z-]+)\)/.exec(style);
    if (match && match[1] !== 'foreground') this.addClassToHast(node, `sk-${match[1]}`);
  },
};

let shiki: Promise<HighlighterCore> | undefined;

/**
 * The regex engine with its scanners kept by their patterns. The tokenizer compiles a scanner for each list of rules
 * it meets, and again after dropping one (a rule whose end pattern takes text from its begin match); one of
 * TypeScript's takes about 3 ms. This site's blocks asked for 319, 178 of them distinct: 0.9 s of compiling became
 * 0.6 s, on a cold build's critical path. A kept scanner is never freed (its `dispose` does nothing): another
 * rule may be using it.
 */
function keepingScanners(engine: RegexEngine): RegexEngine {
  const scanners = new Map<string, PatternScanner>();
  return {
    createString: (text) => engine.createString(text),
    createScanner(patterns) {
      const key = patterns.map((p) => (typeof p === 'string' ? p : p.source)).join('\0');
      let scanner = scanners.get(key);
      if (!scanner) {
        const compiled = engine.createScanner(patterns);
        scanner = { findNextMatchSync: (text, start, options) => compiled.findNextMatchSync(text, start, options) };
        scanners.set(key, scanner);
      }
      return scanner;
    },
  };
}

/**
 * Shiki's notation comments (`// [!code ++]`, `// [!code --]`, `// [!code highlight]`, `// [!code focus]`,
 * `// [!code error]`, `// [!code warning]`, `// [!code word:name]`), as Rspress and VitePress have them: the
 * comment is removed and its line (or word) gets the class. Loaded only for code that has one.
 */
let notation: Promise<ShikiTransformer[]> | undefined;
const NOTATION = /\[!code\s/;
function notationTransformers(): Promise<ShikiTransformer[]> {
  notation ??= import('@shikijs/transformers').then((t) => [
    t.transformerNotationDiff(),
    t.transformerNotationHighlight(),
    t.transformerNotationFocus(),
    t.transformerNotationErrorLevel(),
    t.transformerNotationWordHighlight(),
  ]);
  return notation;
}

async function highlighter(grammar: string): Promise<HighlighterCore> {
  shiki ??= (async () => {
    const { createHighlighterCore, createCssVariablesTheme } = await import('shiki/core');
    // The Oniguruma engine (WebAssembly) is the grammars' own regex dialect: it tokenizes this site's 1,368 blocks
    // about twice as fast as shiki's JavaScript engine (2.1 s against 4.3 s on one core).
    const { createOnigurumaEngine } = await import('shiki/engine/oniguruma');
    return createHighlighterCore({
      themes: [createCssVariablesTheme({ name: 'css-vars', variablePrefix: '--sk-', fontStyle: false })],
      langs: [],
      engine: createOnigurumaEngine(import('shiki/wasm')).then(keepingScanners),
    });
  })();
  const core = await shiki;
  // Only the grammars in use are ever loaded.
  if (grammar !== 'text' && !core.getLoadedLanguages().includes(grammar)) {
    const mod = (await import(`shiki/langs/${grammar}.mjs`)) as {
      default: Parameters<HighlighterCore['loadLanguage']>[0];
    };
    await core.loadLanguage(mod.default);
  }
  return core;
}

export async function highlight({ code, grammar, lines }: HighlightJob): Promise<string> {
  const core = await highlighter(grammar);
  const marked = new Set(lines);
  const notations = NOTATION.test(code) ? await notationTransformers() : [];
  return core.codeToHtml(code, {
    lang: grammar,
    theme: 'css-vars',
    // No time limit per line: shiki's default (500 ms) leaves the rest of a line unhighlighted when the machine
    // is busy, and that result would stay in the cache.
    tokenizeTimeLimit: 0,
    transformers: [
      toClasses,
      {
        line(node, line) {
          if (marked.has(line)) this.addClassToHast(node, 'highlighted');
        },
      },
      ...notations,
    ],
  });
}

// Jobs are handled one after another, in the order they came. An empty list only loads shiki (warm-up).
let queue = Promise.resolve();
parentPort?.on('message', (jobs: HighlightJob[]) => {
  queue = queue.then(async () => {
    if (jobs.length === 0) await highlighter('text').catch(() => {});
    for (const job of jobs) {
      let answer: HighlightAnswer;
      try {
        answer = { key: job.key, html: await highlight(job) };
      } catch (error) {
        answer = { key: job.key, error: (error as Error).stack ?? String(error) };
      }
      parentPort!.postMessage(answer);
    }
  });
});
