// Eleventy ships no type declarations: the part of its programmatic API the build script uses.
declare module '@11ty/eleventy' {
  export default class Eleventy {
    constructor(
      input: string,
      output: string,
      options?: { configPath?: string; quietMode?: boolean; dryRun?: boolean; config?: (config: any) => unknown },
    );
    write(): Promise<unknown>;
    /** Silences Eleventy's own console output (its build summary and its report of a failed build). */
    disableLogger(): void;
  }
}
