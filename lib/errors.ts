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

/** One error carrying every problem found, so an author fixes them all in one pass. */
export class BuildError extends Error {
  readonly problems: BuildProblem[];
  constructor(problems: BuildProblem[]) {
    const count = problems.length;
    super(`${count} problem${count === 1 ? '' : 's'} in the docs:\n${problems.map((p) => formatProblem(p)).join('\n')}`);
    this.name = 'BuildError';
    this.problems = problems;
  }
}

/** 1-based line of a character offset. */
export function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
