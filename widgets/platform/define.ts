// Turns a React component into a custom element with r2wc: typed attributes (see attributes.ts), a shadow
// root that shows the server-rendered light-DOM fallback until the first React commit (no layout shift),
// events out as DOM CustomEvents, a render error that falls back instead of breaking, and registration
// that is safe to run twice (the site bundle and the embed script may both be on a page).
import r2wc from '@r2wc/react-to-web-component';
import { Component, createElement, Fragment, useLayoutEffect, useMemo, type ComponentType, type ReactNode } from 'react';
import { attributeName, parseAttributes, type AttributeProps, type AttributeSpecs } from './attributes.ts';

/** What every widget component receives besides its attributes. */
export interface WidgetContext {
  /** The custom element itself (light DOM: the fallback; attributes). */
  host: HTMLElement;
  /** Dispatches a bubbling, composed CustomEvent from the element; false when a listener cancelled it. */
  emit(type: string, detail?: unknown): boolean;
}

export type WidgetProps<S extends AttributeSpecs> = AttributeProps<S> & { widget: WidgetContext };

export interface WidgetDefinition<S extends AttributeSpecs> {
  tag: string;
  attributes: S;
  component: ComponentType<WidgetProps<S>>;
  /** CSS for the shadow root; it reads the page's --docs-* custom properties, which inherit into it. */
  styles?: string;
}

// r2wc keeps its state under these registered symbols (see @r2wc/core).
const PROPS = Symbol.for('r2wc.props');
const RENDER = Symbol.for('r2wc.render');

interface R2wcInternals {
  [PROPS]: Record<string, unknown>;
  [RENDER](): void;
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
    console.error(`<${this.props.tag}>: could not render (${error instanceof Error ? error.message : String(error)}); showing the fallback.`);
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
    (root.host as HTMLElement).setAttribute('data-upgraded', '');
  }, [root]);
  return null;
}

export function createWidgetElement<S extends AttributeSpecs>(definition: WidgetDefinition<S>): CustomElementConstructor {
  const { tag, attributes, component, styles } = definition;
  const names = Object.keys(attributes);

  function Host(raw: Record<string, unknown>) {
    const root = raw.container as ShadowRoot;
    const host = root.host as HTMLElement;
    const texts = names.map((name) => raw[name] as string | undefined);
    // Parse (and report bad values) only when an attribute's text changes, not on every render.
    const props = useMemo(
      () => parseAttributes(tag, attributes, Object.fromEntries(names.map((n, i) => [n, texts[i]]))),
      texts,
    );
    const widget = useMemo<WidgetContext>(
      () => ({ host, emit: (type, detail) => host.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable: true })) }),
      [host],
    );
    return createElement(
      Fragment,
      null,
      styles ? createElement('style', null, styles) : null,
      createElement(Boundary, { tag }, createElement(component, { ...props, widget } as WidgetProps<S>), createElement(Ready, { root })),
    );
  }

  const Base = r2wc(Host, { shadow: 'open', props: Object.fromEntries(names.map((n) => [n, 'string' as const])) }) as unknown as {
    new (): HTMLElement & R2wcInternals & { disconnectedCallback(): void };
    readonly observedAttributes: string[];
  };

  const byAttribute = new Map(names.map((n) => [attributeName(n), n]));

  return class WidgetElement extends Base {
    constructor() {
      super();
      // r2wc skips empty attributes (a bare boolean) in its constructor: read them all ourselves.
      for (const [attribute, prop] of byAttribute) {
        const value = this.getAttribute(attribute);
        this[PROPS][prop] = value ?? undefined;
      }
      this.shadowRoot?.append(fallbackSlot());
    }

    // Replaces r2wc's handler, which ignores removed and empty attributes and throws on bad JSON.
    attributeChangedCallback(attribute: string, _old: string | null, value: string | null): void {
      const prop = byAttribute.get(attribute);
      if (!prop || this[PROPS][prop] === (value ?? undefined)) return;
      this[PROPS][prop] = value ?? undefined;
      if (this.isConnected) this[RENDER]();
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
export function defineWidget<S extends AttributeSpecs>(definition: WidgetDefinition<S>): void {
  if (customElements.get(definition.tag)) return;
  customElements.define(definition.tag, createWidgetElement(definition));
}
