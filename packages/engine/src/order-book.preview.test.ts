import { describe, expect, it } from 'vitest';
import { OrderBook } from './order-book.js';
import { RandomCommands } from './testing/random-commands.js';
import { Rng } from './testing/prng.js';
import type { BookEvent, Side } from './types.js';

/** Two books fed the same seeded stream: one to preview on, one to execute on. */
function twinBooks(seed: number, commands: number) {
  const a = new OrderBook({ bandBps: 500 });
  const b = new OrderBook({ bandBps: 500 });
  const stream = new RandomCommands(seed);
  const out: BookEvent[] = [];
  let highest = 0;
  for (let i = 0; i < commands; i++) {
    const c = stream.next();
    for (const book of [a, b]) {
      out.length = 0;
      if (c.op === 'place') book.place(c.cmd, out);
      else book.cancel(c.orderId, out);
    }
    if (c.op === 'place' && Number.isSafeInteger(c.cmd.orderId))
      highest = Math.max(highest, c.cmd.orderId);
  }
  return { a, b, nextId: highest + 1 };
}

describe('OrderBook.preview', () => {
  it('predicts exactly what a limit order at the worst price fills, self-trades skipped', () => {
    let checked = 0;
    for (let seed = 1; seed <= 150; seed++) {
      const { a, b, nextId } = twinBooks(seed, 300);
      const rng = new Rng(seed * 7919);
      const side: Side = rng.chance(0.5) ? 1 : 2;
      const owner = rng.int(1, 4);
      const qty = rng.int(1, 400);
      const before = a.size();
      const p = a.preview(side, qty, owner);
      // The preview changes nothing.
      expect(a.size()).toBe(before);
      if (p.worst === null) {
        expect(p.filled).toBe(0);
        continue;
      }
      const out: BookEvent[] = [];
      b.place({ orderId: nextId, ownerId: owner, side, kind: 'limit', price: p.worst, qty }, out);
      let filled = 0;
      let notional = 0n;
      for (const e of out) {
        if (e.type !== 'trade') continue;
        expect(e.makerOwnerId).not.toBe(owner);
        filled += e.qty;
        notional += BigInt(e.price) * BigInt(e.qty);
      }
      expect(filled, `seed ${seed}`).toBe(p.filled);
      expect(notional, `seed ${seed}`).toBe(p.notional);
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('skips the taker’s own orders even when they are the best', () => {
    const book = new OrderBook({ bandBps: 500 });
    const out: BookEvent[] = [];
    // The owner's own high bid must not count: only the other user's bids do.
    book.place({ orderId: 1, ownerId: 9, side: 1, kind: 'limit', price: 500, qty: 350 }, out);
    book.place({ orderId: 2, ownerId: 2, side: 1, kind: 'limit', price: 150, qty: 100 }, out);
    book.place({ orderId: 3, ownerId: 3, side: 1, kind: 'limit', price: 140, qty: 100 }, out);
    expect(book.preview(2, 350, 9)).toEqual({
      filled: 200,
      notional: 150n * 100n + 140n * 100n,
      best: 150,
      worst: 140,
    });
    expect(book.preview(2, 50, 2)).toEqual({
      filled: 50,
      notional: 500n * 50n,
      best: 500,
      worst: 500,
    });
  });
});
