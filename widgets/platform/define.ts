// Turns a React component into a custom element with r2wc: typed attributes (see attributes.ts), a shadow
// root that keeps the page's declarative shadow root (the widget's own UI, rendered at build time) or shows the
// light-DOM fallback until the first React commit (no layout shift),
// events out as DOM CustomEvents, a render error that falls back instead of breaking, and registration
// that is safe to run twice (the site bundle and the embed script may both be on a page).
//
// Styles are constructable stylesheets adopted by the shadow root (not <style> elements): they apply under a
// Content-Security-Policy `style-src 'self'`, stay inside the widget, and page CSS cannot select into them.
// Every root gets the palette (palette.css) and, once rendered, the text reset (reset.css) before its own
// sheets; the element's colour scheme is its `data-theme` (widget-theme.ts).
//
// Only r2wc's public API is used: r2wc creates the shadow root and mounts/unmounts the React root as the
// element connects and disconnects. Attributes do not go through r2wc's props (it skips empty attributes,
// ignores removed ones and throws on bad JSON): the element observes them itself and the component reads them
// with useSyncExternalStore, so every change re-renders, removal included.
import r2wc from '@r2wc/react-to-web-component';
import {
  Component,
  createElement,
  useLayoutEffect,
  useMemo,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from 'react';
import { attributeName, parseAttributes, type AttributeProps, type AttributeSpecs } from '../../common/attributes.ts';
import palette from './palette.css?inline';
import reset from './reset.css?inline';
import { CONTROLS } from './controls.ts';
import { sheetsOf } from './sheets.ts';
import { subscribeWidgetTheme, widgetTheme } from './widget-theme.ts';

/** Event type → detail, as common/elements.ts declares them per element. */
export type EventMap = object;

/** What every widget component receives besides its attributes. */
export interface WidgetContext<E extends EventMap = Record<string, unknown>> {
  /** The custom element itself (light DOM: the fallback; attributes). */
  host: HTMLElement;
  /** Dispatches a bubbling, composed CustomEvent from the element; false when a listener cancelled it. */
  emit<K extends keyof E & string>(type: K, detail: E[K]): boolean;
}

export type WidgetProps<S extends AttributeSpecs, E extends EventMap = Record<string, unknown>> = AttributeProps<S> & {
  widget: WidgetContext<E>;
};

export interface WidgetDefinition<S extends AttributeSpecs, E extends EventMap = Record<string, unknown>> {
  tag: string;
  attributes: S;
  component: ComponentType<WidgetProps<S, E>>;
  /** CSS for the shadow root, after the palette: it reads the palette's --w-* custom properties. */
  styles?: string | string[];
  /**
   * Leave out the text reset: for a widget that shows light-DOM content through a <slot> (<pm-tabs>' code
   * blocks), which would inherit it; such a widget sets the text properties of its own controls itself.
   */
  keepsPageText?: boolean;
}

/** A built page's declarative shadow root: the markup (and stylesheet) the build rendered, until React's first commit. */
const serverNodes = new WeakMap<ShadowRoot, ChildNode[]>();

function controlsIn(nodes: ChildNode[]): Element[] {
  return nodes.flatMap((node) =>
    node instanceof Element ? [...(node.matches(CONTROLS) ? [node] : []), ...node.querySelectorAll(CONTROLS)] : [],
  );
}

/** The fallback slot, a direct child of the shadow root (`:scope` matches nothing in a ShadowRoot). */
function findFallback(root: ShadowRoot): Element | undefined {
  return [...root.children].find((el) => el.matches('slot[data-fallback]'));
}

function fallbackSlot(): HTMLSlotElement {
  const slot = document.createElement('slot');
  slot.dataset.fallback = '';
  return slot;
}

/** Shows the light-DOM fallback (a <slot>) when the widget fails to render. */
class Boundary extends Component<{ tag: string; children?: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(
      `<${this.props.tag}>: could not render (${error instanceof Error ? error.message : String(error)}); showing the fallback.`,
    );
  }

  override render(): ReactNode {
    return this.state.failed ? createElement('slot') : this.props.children;
  }
}

/**
 * Rendered after the widget, inside the error boundary: in the commit that first shows the widget, the
 * fallback slot goes and `data-upgraded` marks the host (page CSS may hide parts of the fallback with it).
 * A widget that failed to render never gets here, so its fallback stays.
 */
function Ready({ root }: { root: ShadowRoot }) {
  useLayoutEffect(() => {
    findFallback(root)?.remove();
    // React appends to a shadow root without clearing it: the built markup goes in the commit that replaces it.
    const built = serverNodes.get(root);
    if (built) {
      serverNodes.delete(root);
      // Focus in a built control moves to the widget's control in the same place (a keyboard reader tabbed in).
      const active = root.activeElement;
      const focused = active ? controlsIn(built).indexOf(active) : -1;
      for (const node of built) node.remove();
      if (focused >= 0)
        (controlsIn([...root.childNodes])[focused] as HTMLElement | undefined)?.focus({ preventScroll: true });
    }
    (root.host as HTMLElement).setAttribute('data-upgraded', '');
  }, [root]);
  return null;
}

/** The attribute texts of an element, as one snapshot object that changes only when a text does. */
interface AttributeSource {
  subscribe(onChange: () => void): () => void;
  snapshot(): Record<string, string | undefined>;
}

const sources = new WeakMap<Element, AttributeSource>();

export function createWidgetElement<S extends AttributeSpecs, E extends EventMap>(
  definition: WidgetDefinition<S, E>,
): CustomElementConstructor {
  const { tag, attributes, component, styles = [], keepsPageText } = definition;
  const names = Object.keys(attributes);
  const css = [palette, ...(keepsPageText ? [] : [reset]), ...(Array.isArray(styles) ? styles : [styles])];
  const byAttribute = new Map(names.map((n) => [attributeName(n), n]));

  function Host({ container }: { container?: HTMLElement }) {
    const root = container as unknown as ShadowRoot;
    const host = root.host as HTMLElement;
    const source = sources.get(host)!;
    const texts = useSyncExternalStore(source.subscribe, source.snapshot);
    // Parse (and report bad values) only when an attribute's text changes, not on every render.
    const props = useMemo(() => parseAttributes(tag, attributes, texts), [texts]);
    const theme = useSyncExternalStore(subscribeWidgetTheme, () => widgetTheme(texts.theme));
    // Before paint, in the commit that shows the widget: the palette keys on it.
    useLayoutEffect(() => {
      host.dataset.theme = theme;
    }, [host, theme]);
    const widget = useMemo<WidgetContext<E>>(
      () => ({
        host,
        emit: (type, detail) =>
          host.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable: true })),
      }),
      [host],
    );
    return createElement(
      Boundary,
      { tag },
      createElement(component, { ...props, widget } as WidgetProps<S, E>),
      createElement(Ready, { root }),
    );
  }

  // No props for r2wc: it only passes `container` (the shadow root).
  const Base = r2wc(Host, { shadow: 'open', props: [] }) as unknown as {
    new (): HTMLElement & { connectedCallback(): void; disconnectedCallback(): void };
  };

  return class WidgetElement extends Base {
    static get observedAttributes(): string[] {
      return [...byAttribute.keys()];
    }

    #listeners = new Set<() => void>();
    #texts: Record<string, string | undefined> = {};

    constructor() {
      super();
      this.#texts = this.#read();
      sources.set(this, {
        subscribe: (onChange) => {
          this.#listeners.add(onChange);
          return () => this.#listeners.delete(onChange);
        },
        snapshot: () => this.#texts,
      });
      if (this.shadowRoot) {
        this.shadowRoot.adoptedStyleSheets = sheetsOf(css);
        // The page's own UI for the element (a declarative shadow root) stays until React's first commit.
        if (this.shadowRoot.childNodes.length) serverNodes.set(this.shadowRoot, [...this.shadowRoot.childNodes]);
        else this.shadowRoot.append(fallbackSlot());
      }
    }

    /**
     * r2wc attaches the shadow root; an element the page built with one (`<template shadowrootmode>`) keeps it as
     * it is: attachShadow would empty it, and the element would show nothing until React's first commit.
     */
    override attachShadow(init: ShadowRootInit): ShadowRoot {
      return this.shadowRoot ?? super.attachShadow(init);
    }

    #read(): Record<string, string | undefined> {
      return Object.fromEntries(names.map((n) => [n, this.getAttribute(attributeName(n)) ?? undefined]));
    }

    attributeChangedCallback(attribute: string, old: string | null, value: string | null): void {
      const prop = byAttribute.get(attribute);
      if (!prop || old === value || this.#texts[prop] === (value ?? undefined)) return;
      this.#texts = { ...this.#texts, [prop]: value ?? undefined };
      for (const listener of this.#listeners) listener();
    }

    override disconnectedCallback(): void {
      super.disconnectedCallback();
      // Moved elsewhere: show the fallback again until the next mount commits.
      if (this.shadowRoot && !findFallback(this.shadowRoot)) {
        this.shadowRoot.textContent = '';
        this.shadowRoot.append(fallbackSlot());
        this.removeAttribute('data-upgraded');
      }
    }
  };
}

/** Registers the element unless a script already did (the embed script can be included twice). */
export function defineWidget<S extends AttributeSpecs, E extends EventMap>(definition: WidgetDefinition<S, E>): void {
  if (customElements.get(definition.tag)) return;
  customElements.define(definition.tag, createWidgetElement(definition));
}
