// What the dev server (scripts/dev.ts) and its engine (eleventy/dev-engine.ts, a child process) say to each other,
// and what the server tells the open pages (widgets/dev/client.ts) over Server-Sent Events. Types only.
import type { BuildProblem } from '../lib/errors.ts';

/** The build's health: problems (build errors) or a crash (an exception, a syntax error in the code). */
export interface DevState {
  problems: BuildProblem[];
  /** A crash's text (stack, or the compiler's message) when the build failed other than with a BuildError. */
  error?: string;
  /** Warnings of the last build (pages that built, with something worth a look). */
  warnings: BuildProblem[];
}

/** A stylesheet as the pages link it in development (`data-sheet`, `href`). */
export interface DevStyle {
  sheet: string;
  href: string;
}

export interface DevAssets {
  css: DevStyle[];
  script?: string;
  preload: string[];
}

/** Server → engine. */
export type EngineRequest = { kind: 'get'; id: number; path: string } | { kind: 'assets' };

export interface EngineResponse {
  kind: 'response';
  id: number;
  status: number;
  type: string;
  body: string | Uint8Array;
  /** The engine has no site to serve (the first build failed): the server answers with the error page. */
  unavailable?: boolean;
}

/** Engine → server. */
export type EngineMessage =
  | EngineResponse
  | { kind: 'ready'; state: DevState; base: string; contentRoot?: string; ms: number }
  | { kind: 'state'; state: DevState }
  /** Content changed and the site was brought up to date: these hrefs show something new ('*': every page). */
  | { kind: 'updated'; hrefs: string[] | '*'; state: DevState; ms: number; files: string[] }
  | { kind: 'assets'; assets: DevAssets };

/** Server → browser (event name and data of each Server-Sent Event). */
export type ClientEvent =
  | { type: 'state'; state: DevState }
  | { type: 'reload' }
  | { type: 'css'; css: DevStyle[] }
  | { type: 'update'; hrefs: string[] | '*' };
