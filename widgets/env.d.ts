// Module shapes the bundlers provide: `?inline` CSS is the file's text (Vite; esbuild in the widget tests).
declare module '*.css?inline' {
  const css: string;
  export default css;
}
