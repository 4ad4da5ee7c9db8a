import { describe, expect, it } from 'vitest';
import { OrderBook } from '../order-book.js';
import { PPM, type BookDepth } from '../price/depth.js';
import { Rng } from '../testing/prng.js';
import type { BookEvent } from '../types.js';
import { decideCost, decideCostPpm, exposureBound } from './guard.js';
import { bucketExposure, type MicroDirection } from './settle.js';

const ATTACKER = 99;

/** A random two-sided book of two makers, built through the engine. */
function randomBook(rng: Rng) {
  const book = new OrderBook({ bandBps: 10_000 });
  const mid = rng.int(1_000, 100_000);
  const half = rng.int(1, 40);
  let id = 1;
  const out: BookEvent[] = [];
  for (const side of [1, 2] as const) {
    let price = side === 1 ? mid - half : mid + half;
    for (let i = rng.int(1, 12); i > 0; i--) {
      book.place(
        { orderId: id++, ownerId: rng.int(1, 2), side, kind: 'limit', price, qty: rng.int(1, 400) },
        out,
      );
      price += (side === 1 ? -1 : 1) * rng.int(1, 25);
      if (price < 1) break;
    }
  }
  const depth = book.depth(1_000);
  const view: BookDepth = {
    bids: depth.bids.map((l) => ({ price: BigInt(l.price), qty: BigInt(l.qty) })),
    asks: depth.asks.map((l) => ({ price: BigInt(l.price), qty: BigInt(l.qty) })),
  };
  return { book, view, nextId: id };
}

describe('the house bound of micro trade (property)', () => {
  it('for random books and pushes of cost C, the house loses at most C ÷ the multiple', () => {
    let decided = 0;
    for (let seed = 1; seed <= 400; seed++) {
      const rng = new Rng(seed);
      const { book, view, nextId } = randomBook(rng);
      const bestBid = view.bids[0]?.price ?? 0n;
      const bestAsk = view.asks[0]?.price ?? 0n;
      const mid = (bestBid + bestAsk) / 2n;
      const terms = {
        minVolume: BigInt(rng.int(1, 1_500)),
        takerFeePpm: BigInt(rng.pick([0, 200, 1_000, 2_000])),
        makerFeePpm: BigInt(rng.pick([0, 100, 1_000])),
      };
      const multiple = BigInt(rng.pick([250_000, 1_000_000, 2_500_000, 10_000_000]));
      const bound = exposureBound(decideCost(view, terms), multiple);

      // The house takes random options on the pair while its worst case stays within the bound.
      const accepted: { direction: MicroDirection; stake: bigint; ratio: string }[] = [];
      for (let i = 0; i < 60; i++) {
        const o = {
          direction: rng.pick([1, 2] as const),
          stake: BigInt(rng.int(1, 20_000)),
          ratio: rng.pick(['0.8', '0.85', '0.9', '1.5']),
        };
        if (bucketExposure([...accepted, o], 0) <= bound) accepted.push(o);
      }
      const loss = bucketExposure(accepted, 0);
      expect(loss).toBeLessThanOrEqual(bound);

      // A random push: takes from the asks, sells into the bids, washes inside the spread.
      let costPpm = 0n;
      let volume = 0n;
      const events: BookEvent[] = [];
      let id = nextId;
      for (const side of [1, 2] as const) {
        if (!rng.chance(0.6)) continue;
        const qty = rng.int(1, 2_000);
        const price = side === 1 ? 10_000_000 : 1;
        book.place({ orderId: id++, ownerId: ATTACKER, side, kind: 'limit', price, qty }, events);
      }
      for (const e of events) {
        if (e.type !== 'trade') continue;
        const p = BigInt(e.price);
        const q = BigInt(e.qty);
        const premium = p > mid ? p - mid : mid - p;
        costPpm += q * (premium * PPM + p * terms.takerFeePpm);
        volume += q;
      }
      if (rng.chance(0.6) && bestAsk > bestBid) {
        const q = BigInt(rng.int(1, 2_000));
        const p = bestBid + BigInt(rng.int(0, Number(bestAsk - bestBid)));
        costPpm += q * p * (terms.takerFeePpm + terms.makerFeePpm);
        volume += q;
      }
      // Below the minimum volume the window is void: every stake goes back, the house loses 0.
      if (volume < terms.minVolume) continue;
      decided += 1;
      expect(costPpm).toBeGreaterThanOrEqual(decideCostPpm(view, terms));
      // loss ≤ C ÷ multiple, with C = costPpm / 10^6 and the multiple = multiple / 10^6.
      expect(loss * multiple).toBeLessThanOrEqual(costPpm);
    }
    expect(decided).toBeGreaterThan(100);
  });

  it('prices a push on a known book: the cheaper of walking and washing, unit by unit', () => {
    const book: BookDepth = {
      bids: [{ price: 990n, qty: 5n }],
      asks: [
        { price: 1_010n, qty: 2n },
        { price: 1_100n, qty: 10n },
      ],
    };
    const fees = { takerFeePpm: 2_000n, makerFeePpm: 1_000n };
    // mid 1,000. Walking the asks: 2 at (10 + 2.02) per unit; then the bids: 5 at (10 + 1.98);
    // washing costs 990 × 0.3 % = 2.97 per unit, the cheapest of all.
    expect(decideCostPpm(book, { minVolume: 3n, ...fees })).toBe(3n * 990n * 3_000n);
    // Without fees a wash is free: deciding costs nothing and the house takes nothing.
    const free = { minVolume: 100n, takerFeePpm: 0n, makerFeePpm: 0n };
    expect(decideCost(book, free)).toBe(0n);
    expect(exposureBound(decideCost(book, free), PPM)).toBe(0n);
    // With a dear wash (high maker fee) the walk comes first: 2 asks, then 5 bids, then washes.
    const dear = { minVolume: 8n, takerFeePpm: 0n, makerFeePpm: 50_000n };
    expect(decideCostPpm(book, dear)).toBe(2n * 10n * PPM + 5n * 10n * PPM + 990n * 50_000n);
    // One side empty: no mid, no cost.
    expect(decideCost({ bids: [], asks: book.asks }, { minVolume: 1n, ...fees })).toBe(0n);
  });
});
