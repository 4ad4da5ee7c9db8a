import type { PlaceCommand, Side } from '../types.js';
import { Rng } from './prng.js';

export type FuzzCommand = { op: 'place'; cmd: PlaceCommand } | { op: 'cancel'; orderId: number };

/**
 * A seeded stream that exercises every path: limit orders clustered around a mid of 100 ticks (so
 * they cross often and stack on few levels), market orders big enough to hit the band, cancels of
 * live, finished and unknown ids, a few owners (self-trades), and a sprinkle of duplicate and
 * invalid commands. Each call to next() depends only on the seed and the calls before it.
 */
export class RandomCommands {
  private readonly rng: Rng;
  private nextId = 1;
  private readonly placedIds: number[] = [];

  constructor(seed: number) {
    this.rng = new Rng(seed);
  }

  next(): FuzzCommand {
    const rng = this.rng;
    const roll = rng.next();
    if (roll < 0.56) return this.place('limit');
    if (roll < 0.68) return this.place('market');
    if (roll < 0.96) {
      return { op: 'cancel', orderId: this.cancelTarget() };
    }
    return this.oddity();
  }

  /**
   * Mostly an id placed earlier and not yet cancelled (it may since have filled), taken out of the
   * pool so that cancels keep finding live orders; sometimes an id that may never have existed.
   */
  private cancelTarget(): number {
    const rng = this.rng;
    const pool = this.placedIds;
    if (pool.length === 0 || rng.chance(0.1)) return rng.int(1, this.nextId + 5);
    const index = rng.int(0, pool.length - 1);
    const orderId = pool[index] ?? 0;
    pool[index] = pool[pool.length - 1] ?? 0;
    pool.pop();
    return orderId;
  }

  private place(kind: 'limit' | 'market'): FuzzCommand {
    const rng = this.rng;
    const side: Side = rng.chance(0.5) ? 1 : 2;
    // Buys lean below the mid and sells above, with overlap, so the book has depth and crosses often.
    const lean = side === 1 ? -2 : 2;
    const price = 100 + lean + rng.int(-4, 4) + rng.int(-4, 4);
    const qty = kind === 'limit' ? rng.int(1, 10) : rng.int(1, 20);
    const orderId = this.nextId++;
    if (kind === 'limit') this.placedIds.push(orderId);
    return { op: 'place', cmd: { orderId, ownerId: rng.int(1, 6), side, kind, price, qty } };
  }

  private oddity(): FuzzCommand {
    const rng = this.rng;
    const base = this.place(rng.chance(0.5) ? 'limit' : 'market');
    if (base.op !== 'place') return base;
    const cmd = base.cmd;
    switch (rng.int(0, 5)) {
      case 0:
        return { op: 'place', cmd: { ...cmd, orderId: rng.int(1, cmd.orderId) } }; // duplicate
      case 1:
        return { op: 'place', cmd: { ...cmd, qty: rng.pick([0, -3, 1.5, Number.NaN]) } };
      case 2:
        return { op: 'place', cmd: { ...cmd, price: rng.pick([0, -1, 99.5]) } };
      case 3:
        return { op: 'place', cmd: { ...cmd, side: 3 as Side } };
      case 4:
        return { op: 'place', cmd: { ...cmd, price: cmd.side === 1 ? 1000 : 1 } }; // sweeps a side
      default:
        return { op: 'place', cmd: { ...cmd, qty: rng.int(50, 200) } }; // walks many levels
    }
  }
}
