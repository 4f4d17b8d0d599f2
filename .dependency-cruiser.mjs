// The layering rules of the repository, checked by `npm test` (test/unit/architecture.test.ts) and by
// `npm run check:layers`. One tier per runtime: common/ (build + browser) ← lib/ (build) ← layouts/ (HTML at
// build time) ← eleventy/ (the one place that joins them); widgets/ (browser) takes only from common/.
const OURS = '^(common|lib|layouts|widgets|eleventy|scripts|bench|test|site\\.config\\.ts|vite\\.config\\.ts)';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Modules import in one direction: a cycle means two files share a reason to change. Move the shared part into its own module.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'common-imports-nothing-of-ours',
      severity: 'error',
      comment: 'common/ runs in the build and in the browser: it may import packages and common/ only.',
      from: { path: '^common/' },
      to: { path: OURS, pathNot: '^common/' },
    },
    {
      name: 'widgets-take-only-common',
      severity: 'error',
      comment:
        'Browser code imports common/ and widgets/ (tests also test/support/), never the build, the layouts or the Eleventy wiring.',
      from: { path: '^widgets/' },
      to: { path: OURS, pathNot: '^(common|widgets|test/support)/' },
    },
    {
      name: 'layouts-receive-data',
      severity: 'error',
      comment:
        'Layouts render what they are given: they import common/, layouts/ and the model types (lib/model.ts), never build code or widgets.',
      from: { path: '^layouts/' },
      to: { path: OURS, pathNot: '^(common/|layouts/|lib/model\\.ts$)' },
    },
    {
      name: 'build-never-imports-layouts',
      severity: 'error',
      comment:
        'lib/ computes the model; only eleventy/ joins it to the layouts. lib/ never imports layouts/, widgets/ or eleventy/.',
      from: { path: '^lib/' },
      to: { path: '^(layouts|widgets|eleventy|scripts)/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing is a typo or a missing dependency.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // TypeScript 7 (the native compiler) has no JavaScript API, so dependency-cruiser reads TS/TSX through Babel.
    // Babel drops `import type` lines: the rules see runtime imports; each tier's tsconfig guards the rest.
    babelConfig: 'babel.config.json',
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|\\.cache|\\.build|_site|test/fixtures/sites/.*/content)' },
    moduleSystems: ['es6', 'cjs'],
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
