// What counts as a widget's control (a thing a reader presses or types in): the same list in the built markup
// and in the widget, so a control is known by its place among them (platform/define.ts, runtime/intent.ts).
export const CONTROLS = 'button, input, a[href]';

/** The controls of a shadow root, in document order. */
export function controlsOf(root: ShadowRoot | null | undefined): HTMLElement[] {
  return root ? [...root.querySelectorAll<HTMLElement>(CONTROLS)] : [];
}
