// The home hero's stars: 35 fixed positions that lean toward the pointer when it comes within 100 px,
// and stay still when the reader asks for reduced motion. Decoration only (the container is aria-hidden).
import { everyPage } from './events.ts';
import { prefersReducedMotion } from './throttle.ts';

const STAR_COUNT = 35;
const REACH_PX = 100;
/** How far a star travels toward the pointer, as a share of the distance (closer stars move more). */
const PULL = 0.4;

/** The same sky on every visit: a small linear congruential generator with a fixed seed. */
function positions(): { x: number; y: number; size: number }[] {
  let seed = 7;
  const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  return Array.from({ length: STAR_COUNT }, () => ({
    x: next() * 100,
    y: next() * 100,
    size: 2 + Math.round(next() * 2),
  }));
}

let stars: HTMLElement[] = [];
let frame = 0;
let pointer: { x: number; y: number } | undefined;

function render(container: HTMLElement): void {
  if (container.childElementCount) return;
  for (const { x, y, size } of positions()) {
    const star = document.createElement('span');
    star.className = 'hero-star';
    star.style.cssText = `left:${x.toFixed(2)}%;top:${y.toFixed(2)}%;width:${size}px;height:${size}px`;
    container.append(star);
  }
}

function follow(): void {
  frame = 0;
  // Distances from each star's resting place (offsets ignore the transform it wears now).
  const sky = stars[0]?.offsetParent?.getBoundingClientRect();
  for (const star of stars) {
    star.style.transform = '';
    if (!pointer || !sky) continue;
    const dx = pointer.x - (sky.left + star.offsetLeft + star.offsetWidth / 2);
    const dy = pointer.y - (sky.top + star.offsetTop + star.offsetHeight / 2);
    const distance = Math.hypot(dx, dy);
    if (distance >= REACH_PX) continue;
    const pull = PULL * (1 - distance / REACH_PX);
    star.style.transform = `translate(${(dx * pull).toFixed(1)}px, ${(dy * pull).toFixed(1)}px)`;
  }
}

function onPointer(event: PointerEvent): void {
  if (!stars.length || prefersReducedMotion()) return;
  pointer = event.type === 'pointerleave' ? undefined : { x: event.clientX, y: event.clientY };
  frame ||= requestAnimationFrame(follow);
}

function onPage(): void {
  const container = document.querySelector<HTMLElement>('.hero-stars');
  if (container) render(container);
  stars = container ? [...container.querySelectorAll<HTMLElement>('.hero-star')] : [];
}

export function setupHeroStars(): void {
  document.addEventListener('pointermove', onPointer, { passive: true });
  document.documentElement.addEventListener('pointerleave', onPointer);
  everyPage(onPage);
}
