// markdown-it-container as the build uses it. Its DefinitelyTyped declarations import markdown-it as CommonJS,
// which @types/markdown-it declares apart from the ES module the build imports: the two MarkdownIt types do
// not match, so every `md.use(container, …)` would fail to type-check.
declare module 'markdown-it-container' {
  import type { MarkdownIt, RendererRule } from 'markdown-it';

  interface ContainerOptions {
    marker?: string;
    validate?: (params: string) => boolean;
    render?: RendererRule;
  }

  export default function container(md: MarkdownIt, name: string, options?: ContainerOptions): void;
}
