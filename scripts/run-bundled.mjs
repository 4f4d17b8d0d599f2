// `npm run build` starts here: scripts/build.ts and its local imports run as one cached esbuild bundle, so
// Node loads them with no loader hook. Through tsx, every module Node loads (Eleventy's several hundred
// included) passes tsx's hooks thread, a noticeable share of a warm build (bench:build). The other scripts use tsx.
// Usage: node scripts/run-bundled.mjs <entry.ts> [args…] (NODE_ENV defaults to production).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundledEntry } from '../lib/node-bundle.mjs';

// Set before the bundle's imports run: packages such as React pick their production or development code as
// they load, which is before the entry's own first line (its package imports are hoisted). The React
// development build made rendering three times slower.
process.env.NODE_ENV ??= 'production';
const entry = path.resolve(process.argv[2]);
const bundle = await bundledEntry(entry, path.resolve(import.meta.dirname, '..'));
// The entry sees the command line as `node <entry> …args`, as when run directly.
process.argv.splice(1, 2, entry);
await import(pathToFileURL(bundle).href);
