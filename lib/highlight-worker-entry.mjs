// The highlighting thread's entry: a worker thread does not inherit the parent's loader hooks, so it loads its
// TypeScript (highlight-worker.ts) through tsx's public API.
import { tsImport } from 'tsx/esm/api';

await tsImport('./highlight-worker.ts', import.meta.url);
