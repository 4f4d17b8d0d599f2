// Controllable setTimeout/clearTimeout for browser tests: `tick(ms)` runs due timers in order. React's
// scheduler uses MessageChannel, so rendering still happens; await `settle()` to let it.

interface Timer {
  id: number;
  at: number;
  run: () => void;
}

const real = { setTimeout: window.setTimeout.bind(window), clearTimeout: window.clearTimeout.bind(window) };

export interface FakeClock {
  now: number;
  /** Advances the clock, running every timer that falls due, then lets renders settle. */
  tick(ms: number): Promise<void>;
  /** Timers still waiting. */
  pending(): number;
  uninstall(): void;
}

/** Lets promises, React commits and effects run (real time, a few macrotasks). */
export async function settle(turns = 3): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise<void>((resolve) => real.setTimeout(resolve, 0));
}

export function installFakeTimers(): FakeClock {
  let timers: Timer[] = [];
  let nextId = 1;
  const clock: FakeClock = {
    now: 0,
    async tick(ms) {
      const end = clock.now + ms;
      for (;;) {
        timers.sort((a, b) => a.at - b.at || a.id - b.id);
        const due = timers[0];
        if (!due || due.at > end) break;
        timers = timers.slice(1);
        clock.now = due.at;
        due.run();
        await settle(1);
      }
      clock.now = end;
      await settle();
    },
    pending: () => timers.length,
    uninstall() {
      window.setTimeout = real.setTimeout as typeof window.setTimeout;
      window.clearTimeout = real.clearTimeout as typeof window.clearTimeout;
    },
  };
  window.setTimeout = ((handler: TimerHandler, delay = 0, ...args: unknown[]) => {
    const id = nextId++;
    const run = typeof handler === 'function' ? () => (handler as (...a: unknown[]) => void)(...args) : () => undefined;
    timers.push({ id, at: clock.now + Math.max(0, Number(delay) || 0), run });
    return id;
  }) as typeof window.setTimeout;
  window.clearTimeout = ((id?: number) => {
    timers = timers.filter((t) => t.id !== id);
  }) as typeof window.clearTimeout;
  return clock;
}
