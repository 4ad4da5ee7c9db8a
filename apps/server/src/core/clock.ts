/**
 * The core's one source of time. Handlers read the time and set their timers (risk ticks,
 * settlement passes, the overnight fee) only through the clock the sequencer gives them, never
 * through `Date.now()`, `new Date()` or `setTimeout` (lint): the server runs them on the system
 * clock, the simulation (test/sim) on a clock it moves itself, so a seed replays exactly.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /**
   * Runs `run` once after `ms` milliseconds (at once for 0 or less), unless cancelled first.
   * When `run` starts asynchronous work (a settlement pass), it returns its promise, so that a
   * simulated clock can wait for it before time moves on; the promise never rejects (the
   * handler logs its own failures).
   */
  after(ms: number, run: () => void | Promise<void>): Timer;
}

export interface Timer {
  cancel(): void;
}

/** The wall clock and Node's timers; timers do not keep the process alive. */
export const systemClock: Clock = {
  now: () => Date.now(),
  after(ms, run) {
    const timer = setTimeout(() => void run(), Math.max(0, ms));
    timer.unref();
    return { cancel: () => clearTimeout(timer) };
  },
};

/** A `Date` of the clock's time. */
export function dateOf(clock: Clock): Date {
  return new Date(clock.now());
}
