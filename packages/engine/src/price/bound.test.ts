import { describe, expect, it } from 'vitest';
import { exposureCheck } from './bound.js';
import { OrderBook } from '../order-book.js';
import { Rng } from '../testing/prng.js';
import type { BookEvent } from '../types.js';
import { PPM, type BookDepth, type DepthLevel } from './depth.js';

// Prices in cents, quantities in millionths of a BTC: amounts at 8 decimals.
const price = (usdt: number) => BigInt(Math.round(usdt * 100));
const qty = (btc: number) => BigInt(Math.round(btc * 1_000_000));
const quote = (usdt: number) => BigInt(Math.round(usdt * 100)) * 1_000_000n;
const level = (p: number, q: number): DepthLevel => ({ price: price(p), qty: qty(q) });
const BAND_2 = (2n * PPM) / 100n;
const ONE = PPM;

/** 1 BTC a side at 0.5 % and 1.5 % from 65,000. */
const book: BookDepth = {
  bids: [level(64675, 1), level(64025, 1)],
  asks: [level(65325, 1), level(65975, 1)],
};
const MARK = price(65000);

describe('exposureCheck', () => {
  it('prices a net long against a push up through the asks', () => {
    // Move = 2 % of 65,000 = 1,300; a push to 66,300 eats both asks: 325 + 975 = 1,300 USDT.
    // 1 BTC net long loses 1,300 to it: exactly the cost, accepted at a multiple of 1.
    const check = exposureCheck(book, qty(1), MARK, BAND_2, ONE);
    expect(check).toEqual({ exposure: quote(1300), cost: quote(1300), ok: true });
    expect(exposureCheck(book, qty(1.000001), MARK, BAND_2, ONE)?.ok).toBe(false);
    // A multiple of 2 halves what is accepted.
    expect(exposureCheck(book, qty(0.5), MARK, BAND_2, 2n * ONE)?.ok).toBe(true);
    expect(exposureCheck(book, qty(0.51), MARK, BAND_2, 2n * ONE)?.ok).toBe(false);
  });

  it('prices a net short against a push down through the bids', () => {
    const thinBids: BookDepth = {
      bids: [level(64990, 0.01)],
      asks: [level(65010, 1), level(65975, 1)],
    };
    const check = exposureCheck(thinBids, -qty(0.03), MARK, BAND_2, ONE);
    // The one bid costs 0.10 to take; 0.03 BTC short risks 0.03 × 1,300 = 39.
    expect(check).toEqual({ exposure: quote(39), cost: quote(0.1), ok: false });
    // The same net long is priced on the asks. The band's push (to 66,300) costs 10 USDT, enough
    // for 1,300 × 0.03 = 39? No: taking the 1 BTC at 65,010 alone (10 USDT) moves the mid half-way
    // to 65,975, by 482.50, which 0.03 BTC long turns into 14.48. Each partial push counts too:
    // 0.02 BTC (9.65) passes, 0.03 does not.
    expect(exposureCheck(thinBids, qty(0.02), MARK, BAND_2, ONE)?.ok).toBe(true);
    expect(exposureCheck(thinBids, qty(0.03), MARK, BAND_2, ONE)?.ok).toBe(false);
  });

  it('accepts no net exposure on any book with a mid, and refuses a book without one', () => {
    expect(exposureCheck(book, 0n, MARK, BAND_2, ONE)).toEqual({
      exposure: 0n,
      cost: 0n,
      ok: true,
    });
    expect(exposureCheck({ bids: book.bids, asks: [] }, qty(1), MARK, BAND_2, ONE)).toBeNull();
  });

  it('counts only the levels the push must take: beyond the move they are not in its way', () => {
    const far: BookDepth = {
      bids: [level(64990, 1)],
      asks: [level(65010, 0.01), level(70000, 100)],
    };
    // Up to 66,300: only the 0.01 at 65,010 is in the way (0.10 USDT).
    expect(exposureCheck(far, qty(0.001), MARK, BAND_2, ONE)).toEqual({
      exposure: quote(1.3),
      cost: quote(0.1),
      ok: false,
    });
  });
});

describe('exposureCheck, as a property', () => {
  it('for random books and pushes of cost C, the lever house loses at most C ÷ the multiple', () => {
    let pushed = 0;
    for (let seed = 1; seed <= 400; seed++) {
      const rng = new Rng(seed);
      const engine = new OrderBook({ bandBps: 10_000 });
      const mid0 = rng.int(10_000, 100_000);
      const out: BookEvent[] = [];
      let id = 1;
      for (const side of [1, 2] as const) {
        let p = side === 1 ? mid0 - rng.int(1, 30) : mid0 + rng.int(1, 30);
        for (let i = rng.int(2, 15); i > 0 && p > 0; i--) {
          const qty = rng.int(1, 500);
          engine.place(
            { orderId: id++, ownerId: rng.int(1, 2), side, kind: 'limit', price: p, qty },
            out,
          );
          p += (side === 1 ? -1 : 1) * rng.int(1, 60);
        }
      }
      const depth = engine.depth(1_000);
      const view: BookDepth = {
        bids: depth.bids.map((l) => ({ price: BigInt(l.price), qty: BigInt(l.qty) })),
        asks: depth.asks.map((l) => ({ price: BigInt(l.price), qty: BigInt(l.qty) })),
      };
      const bid0 = view.bids[0]?.price ?? 0n;
      const ask0 = view.asks[0]?.price ?? 0n;
      const mid = (bid0 + ask0) / 2n;
      const band = BigInt(rng.pick([5_000, 20_000, 50_000]));
      const multiple = BigInt(rng.pick([500_000, 1_000_000, 3_000_000]));
      const move = (mid * band) / PPM;
      // The largest net long the check accepts (found by halving), then a push up through the
      // asks by the engine, taking a random quantity.
      let lo = 0n;
      let hi = 1_000_000n;
      while (lo < hi) {
        const m = (lo + hi + 1n) / 2n;
        if (exposureCheck(view, m, mid, band, multiple)?.ok) lo = m;
        else hi = m - 1n;
      }
      const net = lo;
      if (net === 0n) continue;
      const events: BookEvent[] = [];
      engine.place(
        {
          orderId: id++,
          ownerId: 99,
          side: 1,
          kind: 'limit',
          price: 10_000_000,
          qty: rng.int(1, 3_000),
        },
        events,
      );
      let cost = 0n;
      for (const e of events)
        if (e.type === 'trade') cost += BigInt(e.qty) * (BigInt(e.price) - mid);
      const after = engine.depth(1);
      const ask = after.asks[0];
      const bid = after.bids[0];
      // An emptied side leaves no mid: thin, no mark, nothing closes or liquidates.
      if (!ask || !bid) continue;
      pushed += 1;
      const newMid = (BigInt(bid.price) + BigInt(ask.price)) / 2n;
      const moved = newMid - mid < move ? newMid - mid : move;
      const loss = moved > 0n ? net * moved : 0n;
      // loss ≤ cost ÷ (multiple / 10^6)
      expect(loss * multiple, `seed ${seed}`).toBeLessThanOrEqual(cost * PPM);
    }
    expect(pushed).toBeGreaterThan(100);
  });
});
