// Leading-and-trailing throttle: runs at most once per `ms`, and always once more after the last call,
// so a scroll handler sees the final position.
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

export const prefersReducedMotion = (): boolean => window.matchMedia('(prefers-reduced-motion: reduce)').matches;
