// The loading bar at the top of the window. It appears only when a page takes longer than 200 ms, so
// fast (preloaded) changes show nothing. Visual only: focus moves to the new content when it arrives.
import { adoptDocumentStyles } from '../platform/sheets.ts';
import styles from '../../styles/adopted/progress.css?inline';

const SHOW_AFTER_MS = 200;

let bar: HTMLElement | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;

function element(): HTMLElement {
  if (!bar?.isConnected) {
    adoptDocumentStyles(styles);
    bar = document.createElement('div');
    bar.className = 'nav-progress';
    bar.setAttribute('aria-hidden', 'true');
    bar.hidden = true;
    document.body.append(bar);
  }
  return bar;
}

function show(): void {
  const el = element();
  el.classList.remove('done');
  el.hidden = false;
  // Start from zero width each time, then grow (see styles/adopted/progress.css).
  void el.offsetWidth;
  el.classList.add('loading');
}

export function startProgress(): void {
  clearTimeout(timer);
  timer = setTimeout(show, SHOW_AFTER_MS);
}

export function stopProgress(): void {
  clearTimeout(timer);
  if (!bar || bar.hidden) return;
  const el = bar;
  el.classList.add('done');
  setTimeout(() => {
    if (!el.classList.contains('done')) return;
    el.hidden = true;
    el.classList.remove('loading', 'done');
  }, 300);
}
