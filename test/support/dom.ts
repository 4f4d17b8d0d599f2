// Helpers for widget tests: mount markup, wait for an upgrade, read the shadow DOM, capture console output.
import { settle } from './fake-timers.ts';

const mounted: HTMLElement[] = [];

/** Puts markup in the page; `cleanup()` removes it. */
export function mount(html: string): HTMLElement {
  const box = document.createElement('div');
  box.innerHTML = html;
  document.body.append(box);
  mounted.push(box);
  return box;
}

export function cleanup(): void {
  for (const box of mounted.splice(0)) box.remove();
}

/** Polls (real time) until `check` returns a truthy value. */
export async function waitFor<T>(check: () => T, what = 'condition', timeoutMs = 3000): Promise<NonNullable<T>> {
  const started = performance.now();
  for (;;) {
    const value = check();
    if (value) return value as NonNullable<T>;
    if (performance.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await settle(1);
  }
}

/** Waits until the element's React render has committed. */
export async function upgraded<T extends HTMLElement>(el: T): Promise<T> {
  await waitFor(() => el.hasAttribute('data-upgraded'), `<${el.localName}> to upgrade`);
  await settle(2); // Passive effects (listeners, storage reads) run after the commit.
  return el;
}

export function inShadow<T extends Element = HTMLElement>(el: Element, selector: string): T | null {
  return el.shadowRoot?.querySelector<T>(selector) ?? null;
}

export function shadowAll<T extends Element = HTMLElement>(el: Element, selector: string): T[] {
  return [...(el.shadowRoot?.querySelectorAll<T>(selector) ?? [])];
}

/** Records console.error/warn calls while `run` is in progress (and keeps them off the runner's log). */
export async function captureConsole(run: () => unknown): Promise<{ errors: string[]; warnings: string[] }> {
  const errors: string[] = [];
  const warnings: string[] = [];
  const original = { error: console.error, warn: console.warn };
  console.error = (...args: unknown[]) => errors.push(args.map(String).join(' '));
  console.warn = (...args: unknown[]) => warnings.push(args.map(String).join(' '));
  try {
    await run();
  } finally {
    console.error = original.error;
    console.warn = original.warn;
  }
  return { errors, warnings };
}

/** Replaces a property for the duration of a test; returns the restore function. */
export function stub<T extends object, K extends keyof T>(target: T, key: K, value: T[K]): () => void {
  const descriptor = Object.getOwnPropertyDescriptor(target, key);
  Object.defineProperty(target, key, { configurable: true, writable: true, value });
  return () => {
    if (descriptor) Object.defineProperty(target, key, descriptor);
    else delete (target as Record<PropertyKey, unknown>)[key as PropertyKey];
  };
}
