// Build errors that name the file, the line, what is wrong and how to fix it.
import path from 'node:path';

export interface BuildProblem {
  file: string;
  line?: number;
  message: string;
  fix: string;
}

export function formatProblem(p: BuildProblem, cwd = process.cwd()): string {
  const where = path.isAbsolute(p.file) ? path.relative(cwd, p.file) : p.file;
  return `${where}${p.line ? `:${p.line}` : ''}: ${p.message}\n    fix: ${p.fix}`;
}

/** Problems that do not stop the build (the pages are still correct), as printed after it. */
export function formatWarnings(warnings: BuildProblem[], cwd = process.cwd()): string {
  const count = warnings.length;
  return `${count} warning${count === 1 ? '' : 's'} in the docs:\n${warnings.map((w) => formatProblem(w, cwd)).join('\n')}`;
}

/** One error carrying every problem found, so an author fixes them all in one pass. */
export class BuildError extends Error {
  readonly problems: BuildProblem[];
  /** Found on the way; printed with the problems, so that one pass fixes everything. */
  readonly warnings: BuildProblem[];
  constructor(problems: BuildProblem[], warnings: BuildProblem[] = []) {
    const count = problems.length;
    super(
      `${count} problem${count === 1 ? '' : 's'} in the docs:\n${problems.map((p) => formatProblem(p)).join('\n')}`,
    );
    this.name = 'BuildError';
    this.problems = problems;
    this.warnings = warnings;
  }
}

/** 1-based line of a character offset. */
export function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
