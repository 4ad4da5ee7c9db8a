import type { Clock, Timer } from '../../src/core/clock.js';

interface Entry {
  at: number;
  order: number;
  run: () => void | Promise<void>;
  cancelled: boolean;
}

/**
 * The simulation's clock: time moves only when the simulation moves it, and timers fire in the
 * order of their time (then of their setting), each at its own instant. Handlers set their risk
 * ticks, settlement passes and fees on it exactly as on the system clock.
 */
export class SimClock implements Clock {
  private t: number;
  private order = 0;
  private queue: Entry[] = [];

  constructor(start: number) {
    this.t = start;
  }

  now(): number {
    return this.t;
  }

  after(ms: number, run: () => void | Promise<void>): Timer {
    const entry: Entry = {
      at: this.t + Math.max(0, ms),
      order: this.order++,
      run,
      cancelled: false,
    };
    this.queue.push(entry);
    return {
      cancel: () => {
        entry.cancelled = true;
      },
    };
  }

  /** Timers waiting (not cancelled). */
  get pending(): number {
    return this.queue.filter((e) => !e.cancelled).length;
  }

  /** Drops every timer (the core they belonged to is gone). */
  clear() {
    for (const e of this.queue) e.cancelled = true;
    this.queue = [];
  }

  /**
   * Moves time on by `ms`, firing each timer due on the way at its own instant; the work a timer
   * starts (its promise, then `settle`: everything committed) ends before the next fires.
   */
  async advance(ms: number, settle: () => Promise<void>) {
    const target = this.t + ms;
    for (;;) {
      this.queue = this.queue.filter((e) => !e.cancelled);
      let next: Entry | undefined;
      for (const e of this.queue)
        if (
          e.at <= target &&
          (!next || e.at < next.at || (e.at === next.at && e.order < next.order))
        )
          next = e;
      if (!next) break;
      this.queue.splice(this.queue.indexOf(next), 1);
      this.t = Math.max(this.t, next.at);
      await next.run();
      await settle();
    }
    this.t = target;
  }
}
