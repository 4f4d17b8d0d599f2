// Tooltips for the code blocks' buttons (spec §2.4, §9): shown 0.1 s after the pointer or focus arrives,
// hidden 0.1 s after it leaves, placed right of the button (left when there is no room), at most 250 px
// wide, above popovers. The text is the button's accessible name, so it follows "Copy code" → "Copied".
// One <docs-tooltip> element serves them all: a top-layer popover (above anything the page stacks) whose
// text and styles live in its shadow root (tooltip.css), so a host page's CSS cannot touch it and its
// <body> never gains text.
import palette from '../platform/palette.css?inline';
import { sheetOf } from '../platform/sheets.ts';
import { once } from './once.ts';
import css from './tooltip.css?inline';

export const TOOLTIP_TARGETS = '.code-actions button';
export const TOOLTIP_OPEN_MS = 100;
export const TOOLTIP_CLOSE_MS = 100;
const GAP = 8;

export const TOOLTIP_TAG = 'docs-tooltip';

let tip: HTMLElement | undefined;
let current: HTMLElement | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;

const supportsPopover = () => typeof HTMLElement.prototype.showPopover === 'function';

function element(): HTMLElement {
  if (!tip?.isConnected) {
    // A custom-element name (never defined): page rules for `div` or `span` do not match it.
    tip = document.createElement(TOOLTIP_TAG);
    const root = tip.attachShadow({ mode: 'open' });
    // The palette for its font (the site's, else one no host @font-face can shadow), as every widget has.
    root.adoptedStyleSheets = [sheetOf(palette), sheetOf(css)];
    const text = document.createElement('div');
    text.className = 'tip';
    root.append(text);
    // The button already carries the same text as its name: the tooltip is for the eyes only.
    tip.setAttribute('aria-hidden', 'true');
    tip.hidden = true;
    if (supportsPopover()) tip.popover = 'manual';
    document.body.append(tip);
  }
  return tip;
}

/** The element that shows the text (inside the tooltip's shadow root). */
export function tooltipText(tooltip: HTMLElement): HTMLElement {
  return tooltip.shadowRoot!.querySelector<HTMLElement>('.tip')!;
}

/** Puts the tooltip beside `target`: right by default, left when the right side has no room. */
export function placeTooltip(tooltip: HTMLElement, target: Element): 'right' | 'left' {
  const box = target.getBoundingClientRect();
  const width = tooltip.offsetWidth;
  const side = box.right + GAP + width <= document.documentElement.clientWidth ? 'right' : 'left';
  tooltip.dataset.placement = side;
  tooltip.style.setProperty('--x', `${side === 'right' ? box.right + GAP : Math.max(0, box.left - GAP - width)}px`);
  tooltip.style.setProperty('--y', `${box.top + box.height / 2 - tooltip.offsetHeight / 2}px`);
  return side;
}

function show(target: HTMLElement): void {
  const tooltip = element();
  tooltipText(tooltip).textContent = target.getAttribute('aria-label') ?? '';
  tooltip.hidden = false;
  // Top layer: above the page's own stacking, whatever z-index it uses.
  if (supportsPopover() && !tooltip.matches(':popover-open')) tooltip.showPopover();
  placeTooltip(tooltip, target);
  current = target;
}

function hide(): void {
  if (tip) {
    if (supportsPopover() && tip.matches(':popover-open')) tip.hidePopover();
    tip.hidden = true;
  }
  current = undefined;
}

/** Refreshes the text of a visible tooltip (the copy button's label changes while hovered). */
export function refreshTooltip(target: HTMLElement): void {
  if (current === target) show(target);
}

function schedule(next: HTMLElement | undefined): void {
  clearTimeout(timer);
  timer = setTimeout(() => (next ? show(next) : hide()), next ? TOOLTIP_OPEN_MS : TOOLTIP_CLOSE_MS);
}

function targetOf(event: Event): HTMLElement | undefined {
  return (event.target instanceof Element ? event.target.closest<HTMLElement>(TOOLTIP_TARGETS) : null) ?? undefined;
}

export function installTooltips(): void {
  once('tooltips', () => {
    const enter = (event: Event) => {
      const target = targetOf(event);
      if (!target) return;
      // The native tooltip would show as well: its text lives on in aria-label.
      if (target.title) target.removeAttribute('title');
      if (target !== current) schedule(target);
      else clearTimeout(timer);
    };
    const leave = (event: Event) => {
      const target = targetOf(event);
      const into = (event as MouseEvent | FocusEvent).relatedTarget;
      if (target && !(into instanceof Node && target.contains(into))) schedule(undefined);
    };
    document.addEventListener('pointerover', enter);
    document.addEventListener('focusin', enter);
    document.addEventListener('pointerout', leave);
    document.addEventListener('focusout', leave);
    document.addEventListener('keydown', (event) => event.key === 'Escape' && hide());
    window.addEventListener('scroll', hide, { passive: true });
  });
}
