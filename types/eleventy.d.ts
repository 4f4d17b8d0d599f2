// Eleventy ships no type declarations: the part of its programmatic API the build script and the dev server use.
declare module '@11ty/eleventy' {
  export default class Eleventy {
    constructor(
      input: string | undefined,
      output: string | undefined,
      options?: {
        configPath?: string;
        quietMode?: boolean;
        dryRun?: boolean;
        config?: (config: any) => unknown;
        source?: 'cli' | 'script';
        runMode?: 'build' | 'watch' | 'serve';
      },
    );
    init(): Promise<void>;
    /** Incremental builds (the CLI's --incremental): a save renders the saved file's page alone. */
    setIncrementalBuild(incremental: boolean): void;
    /** The dev server's record of its builds: whether one is running now. */
    watchManager: { isBuildRunning(): boolean };
    /** Whether a save of these files (Eleventy's paths: relative ones start with "./") reloads the configuration. */
    shouldTriggerConfigReset(files: string[]): boolean;
    /** Builds, then watches; resolves with the function a watcher event calls (a file path: queue it, build). */
    watch(): Promise<(file: string) => Promise<void>>;
    serve(port: number | undefined): Promise<void>;
    stopWatch(): Promise<void>;
    write(): Promise<unknown>;
    /** Silences Eleventy's own console output (its build summary and its report of a failed build). */
    disableLogger(): void;
  }
}
