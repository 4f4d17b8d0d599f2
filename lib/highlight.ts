// Syntax highlighting, cached on disk by a hash of the block and of the highlighter. Rendering asks synchronously
// and gets a placeholder that `resolve()` fills once `flush()` has highlighted what the cache lacked. Shiki itself
// runs in a worker thread (lib/highlight-worker.ts), so a build can hand it the content's code blocks before
// anything renders (`prefetchHighlights`) and the main thread starts Eleventy meanwhile.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { HighlightAnswer, HighlightJob } from './highlight-worker.ts';
import { codeDigest } from './code-digest.ts';
import { escapeHtml } from './escape-html.ts';

/** Fence language names → shiki grammar ids (only these are ever loaded). */
const LANG_ALIASES: Record<string, string> = {
  ts: 'typescript',
  typescript: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  tsx: 'tsx',
  js: 'javascript',
  javascript: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'jsx',
  json: 'json',
  jsonc: 'jsonc',
  json5: 'jsonc',
  bash: 'shellscript',
  sh: 'shellscript',
  shell: 'shellscript',
  zsh: 'shellscript',
  console: 'shellscript',
  diff: 'diff',
  yaml: 'yaml',
  yml: 'yaml',
  html: 'html',
  css: 'css',
  scss: 'scss',
  less: 'less',
  md: 'markdown',
  markdown: 'markdown',
  toml: 'toml',
  vue: 'vue',
  svelte: 'svelte',
  xml: 'xml',
  ini: 'ini',
  dotenv: 'dotenv',
};

export function grammarOf(lang: string): string {
  return LANG_ALIASES[lang.toLowerCase()] ?? 'text';
}

/** A code block as the Markdown asks for it. */
export interface CodeRequest {
  code: string;
  lang: string;
  lines?: number[];
}

/**
 * What else makes an answer: the highlighting thread's code and the packages installed (shiki, its grammars and
 * transformers, as the lockfile pins them). Part of every key, so that answers cached before either changed are
 * not used (lockfile missing: only the code).
 */
const highlighterHash = () =>
  codeDigest([
    path.join(import.meta.dirname, 'highlight-worker.ts'),
    path.join(import.meta.dirname, '..', 'package-lock.json'),
  ]);

function jobOf({ code, lang, lines = [] }: CodeRequest): HighlightJob {
  const grammar = grammarOf(lang);
  // Code with shiki notation comments is keyed apart: answers cached before they were understood are not used.
  const notation = /\[!code\s/.test(code) ? 'notation\0' : '';
  const key = createHash('sha1')
    .update(`${highlighterHash()}\0${notation}${grammar}\0${lines.join(',')}\0${code}`)
    .digest('hex');
  return { key, code, grammar, lines };
}

const PLACEHOLDER = /<!--hl:([0-9a-f]{40})-->/g;

// ---- The highlighting thread, started on first use and kept for the process (the dev server rebuilds). ----

interface HighlightThread {
  worker: Worker;
  waiting: Map<string, { resolve: (html: string) => void; reject: (error: Error) => void }>;
}

/** Answers by key, asked once per process. */
const answers = new Map<string, Promise<string>>();
let thread: Promise<HighlightThread> | undefined;
// The dev server reloads lib/ as new modules: the thread of an older copy is stopped.
const CURRENT = Symbol.for('rstest-docs.highlight-thread');
const holder = globalThis as { [CURRENT]?: Promise<HighlightThread> };

async function startThread(): Promise<HighlightThread> {
  const worker = new Worker(new URL('./highlight-worker-entry.mjs', import.meta.url));
  const started: HighlightThread = { worker, waiting: new Map() };
  worker.on('message', (answer: HighlightAnswer) => {
    const waiter = started.waiting.get(answer.key);
    started.waiting.delete(answer.key);
    if (started.waiting.size === 0) worker.unref();
    if ('html' in answer) waiter?.resolve(answer.html);
    else waiter?.reject(new Error(`highlighting a code block failed: ${answer.error}`));
  });
  worker.on('error', (error) => {
    for (const [key, waiter] of started.waiting) {
      answers.delete(key);
      waiter.reject(error);
    }
    started.waiting.clear();
    thread = undefined;
  });
  // Holds the process open only while an answer is awaited (after the listeners: adding one refs it again).
  worker.unref();
  return started;
}

function highlightThread(): Promise<HighlightThread> {
  if (!thread) {
    void holder[CURRENT]?.then(
      (old) => old.worker.terminate(),
      () => {},
    );
    thread = holder[CURRENT] = startThread();
  }
  return thread;
}

/** HTML of each job, in order; jobs already asked for are not sent again. */
async function highlightAll(jobs: HighlightJob[]): Promise<string[]> {
  // Unique by key, and not asked before.
  const fresh = [...new Map(jobs.map((job) => [job.key, job])).values()].filter((job) => !answers.has(job.key));
  if (fresh.length > 0) {
    const ready = highlightThread();
    for (const job of fresh) {
      const answer = ready.then(
        (t) =>
          new Promise<string>((resolve, reject) => {
            t.waiting.set(job.key, { resolve, reject });
          }),
      );
      answer.catch(() => answers.delete(job.key));
      answers.set(job.key, answer);
    }
    const t = await ready;
    t.worker.ref();
    t.worker.postMessage(fresh);
  }
  return Promise.all(jobs.map((job) => answers.get(job.key)!));
}

// ---- The disk cache ----

let lastRead: { file: string; mtimeMs: number; entries: [string, string][] } | undefined;

function readCache(file: string | undefined): Map<string, string> {
  if (!file) return new Map();
  try {
    const { mtimeMs } = fs.statSync(file);
    if (lastRead?.file !== file || lastRead.mtimeMs !== mtimeMs) {
      lastRead = {
        file,
        mtimeMs,
        entries: Object.entries(JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>),
      };
    }
    return new Map(lastRead.entries);
  } catch {
    // No cache yet, or a broken one: only a slower build.
    return new Map();
  }
}

/** Starts the highlighting thread and has it load shiki, without waiting: for a build about to need it. */
export function warmUpHighlighting(): void {
  highlightThread().then(
    (t) => t.worker.postMessage([]),
    () => {},
  );
}

/**
 * Starts highlighting the blocks the cache does not have, without waiting. The build calls it with the blocks
 * it finds in the content before Eleventy starts; blocks that rendering asks for later are then ready, or nearly.
 */
export function prefetchHighlights(blocks: CodeRequest[], cacheFile?: string): void {
  const cache = readCache(cacheFile);
  const jobs = blocks.map(jobOf).filter((job) => !cache.has(job.key));
  if (jobs.length > 0) highlightAll(jobs).catch(() => {});
}

/**
 * Rendering gets a placeholder for every block; `plain` turns them into unhighlighted code at once (what search
 * needs), `resolve` into the highlighted HTML once `flush` has it.
 */
export class CodeHighlighter {
  private cache: Map<string, string>;
  /** Every block asked for, by key. */
  private asked = new Map<string, HighlightJob>();
  private dirty = false;

  constructor(private readonly cacheFile?: string) {
    this.cache = readCache(cacheFile);
  }

  /** A placeholder for the code's `<pre>`. */
  request(code: string, lang: string, lines: number[] = []): string {
    const job = jobOf({ code, lang, lines });
    this.asked.set(job.key, job);
    return `<!--hl:${job.key}-->`;
  }

  /** The HTML with each placeholder as plain `<pre><code>`: the same text, before any highlighting. */
  plain(html: string): string {
    return html.replace(
      PLACEHOLDER,
      (_, key: string) => `<pre><code>${escapeHtml(this.asked.get(key)?.code ?? '')}</code></pre>`,
    );
  }

  /** Highlights the blocks asked for that the cache lacks (in the worker: prefetched ones may be done). */
  async flush(): Promise<void> {
    const jobs = [...this.asked.values()].filter((job) => !this.cache.has(job.key));
    if (jobs.length === 0) return;
    const htmls = await highlightAll(jobs);
    jobs.forEach((job, i) => this.cache.set(job.key, htmls[i]));
    this.dirty = true;
  }

  /** The HTML with each placeholder as its highlighted `<pre>` (after `flush`). */
  resolve(html: string): string {
    return html.replace(PLACEHOLDER, (_, key: string) => this.cache.get(key) ?? '');
  }

  save(): void {
    if (!this.cacheFile || !this.dirty) return;
    fs.mkdirSync(path.dirname(this.cacheFile), { recursive: true });
    // Written beside it and renamed: another build reading the cache meanwhile (npm test runs several) sees the
    // old file or the new one, never half of one.
    const temp = `${this.cacheFile}.${process.pid}.tmp`;
    fs.writeFileSync(temp, JSON.stringify(Object.fromEntries(this.cache)));
    fs.renameSync(temp, this.cacheFile);
    this.dirty = false;
  }
}
