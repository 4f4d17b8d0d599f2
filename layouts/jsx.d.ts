// JSX types of the custom elements the layouts render, derived from each widget's attribute specs in
// common/elements.ts: only declared attributes (in their kebab-case HTML names), booleans as "true"/"false".
import 'react';
import type { AttributeSpec, AttributeSpecs } from '../common/attributes.ts';
import type { elementAttributes } from '../common/elements.ts';

/** `storageKey` → `storage-key` (attributeName() at the type level). */
type Kebab<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `-${Lowercase<Head>}`}${Kebab<Tail>}`
  : S;

type AttributeText<Spec> = Spec extends AttributeSpec<boolean> ? 'true' | 'false' | '' : string;

type ElementAttributes<S extends AttributeSpecs> = { [K in keyof S & string as Kebab<K>]?: AttributeText<S[K]> };

/** Global HTML attributes the layouts use on hosts, plus the element's own. */
type CustomElementProps<S extends AttributeSpecs> = ElementAttributes<S> &
  Pick<React.HTMLAttributes<HTMLElement>, 'className' | 'id' | 'hidden' | 'children' | 'title'>;

type WidgetElements = { [Tag in keyof typeof elementAttributes]: CustomElementProps<(typeof elementAttributes)[Tag]> };

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements extends WidgetElements {
      /** Plain custom element (widgets/runtime/overview-filter.ts): filters the overview page's list. */
      'overview-filter': { 'no-match'?: string; children?: React.ReactNode };
    }
  }
}
