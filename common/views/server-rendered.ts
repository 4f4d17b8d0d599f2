// Which custom elements the build renders as their own UI (declarative shadow roots, shadow-root.tsx), and the
// marker their stylesheet is written into.

/** The custom elements whose markup is rendered at build time, each with its stylesheet (lib/assets.ts). */
export const SERVER_RENDERED = ['copy-markdown', 'pm-tabs', 'theme-toggle', 'tools-menu', 'doc-search'] as const;
export type ServerRenderedTag = (typeof SERVER_RENDERED)[number];

/** The attribute of the `<style>` marker that receives an element's shadow stylesheet. */
export const SHADOW_STYLE_ATTRIBUTE = 'data-shadow-style';
