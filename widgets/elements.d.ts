// Typed DOM for the widget elements: `document.querySelector('doc-search')` is a WidgetElement whose
// addEventListener knows each event's detail (common/elements.ts declares them).
import type { ElementEvents, WidgetTag } from '../common/elements.ts';

interface WidgetElement<E> extends HTMLElement {
  addEventListener<K extends keyof E & string>(
    type: K,
    listener: (this: HTMLElement, event: CustomEvent<E[K]>) => void,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener<K extends keyof HTMLElementEventMap>(
    type: K,
    listener: (this: HTMLElement, event: HTMLElementEventMap[K]) => void,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void;
  removeEventListener<K extends keyof E & string>(
    type: K,
    listener: (this: HTMLElement, event: CustomEvent<E[K]>) => void,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener<K extends keyof HTMLElementEventMap>(
    type: K,
    listener: (this: HTMLElement, event: HTMLElementEventMap[K]) => void,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | EventListenerOptions,
  ): void;
}

declare global {
  type WidgetElementTagNameMap = { [Tag in WidgetTag]: WidgetElement<ElementEvents[Tag]> };
  interface HTMLElementTagNameMap extends WidgetElementTagNameMap {}
}
