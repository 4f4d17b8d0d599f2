// Timing helpers for the runtime and the widgets.

/**
 * Leading-and-trailing throttle: runs at most once per `ms`, and always once more after the last call, so a
 * scroll handler sees the final position.
 */
export function throttle(fn: () => void, ms: number): () => void {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    timer = undefined;
    last = performance.now();
    fn();
  };
  return () => {
    const wait = ms - (performance.now() - last);
    if (wait <= 0) {
      clearTimeout(timer);
      run();
    } else if (timer === undefined) {
      timer = setTimeout(run, wait);
    }
  };
}

/**
 * Runs `callback` in the browser's next idle moment (at most `timeout` ms later, if given), or in a task soon
 * where there is no requestIdleCallback (Safari). Returns a function that cancels it.
 */
export function whenIdle(callback: () => void, timeout?: number): () => void {
  if (window.requestIdleCallback) {
    const handle = window.requestIdleCallback(callback, timeout === undefined ? undefined : { timeout });
    return () => window.cancelIdleCallback?.(handle);
  }
  const handle = setTimeout(callback, 1);
  return () => clearTimeout(handle);
}

/** Runs `callback` in a task of its own, soon (after what the current task and its microtasks do). Returns a function that cancels it. */
export function nextTask(callback: () => void): () => void {
  const handle = setTimeout(callback, 0);
  return () => clearTimeout(handle);
}

export const prefersReducedMotion = (): boolean => window.matchMedia('(prefers-reduced-motion: reduce)').matches;
