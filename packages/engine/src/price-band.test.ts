import { describe, expect, it } from 'vitest';
import { priceBand, referencePrice, withinPriceBand } from './price-band.js';
import { Rng } from './testing/prng.js';

const none = { lastTrade: null, bestBid: null, bestAsk: null };

describe('referencePrice', () => {
  it('is the last trade whenever the pair has traded, whatever the book shows', () => {
    expect(referencePrice({ ...none, lastTrade: 6_500_000 })).toBe(6_500_000);
    expect(referencePrice({ lastTrade: 6_500_000, bestBid: 1, bestAsk: 9_000_000 })).toBe(
      6_500_000,
    );
  });

  it('is the mid of best bid and best ask, rounded down, on a pair that never traded', () => {
    expect(referencePrice({ ...none, bestBid: 100, bestAsk: 110 })).toBe(105);
    expect(referencePrice({ ...none, bestBid: 100, bestAsk: 101 })).toBe(100);
    // Near the top of the safe range the sum would overflow; the mid does not.
    const top = Number.MAX_SAFE_INTEGER;
    expect(referencePrice({ ...none, bestBid: top - 3, bestAsk: top })).toBe(top - 2);
  });

  it('is null without a trade and without both sides: a new pair has no band', () => {
    expect(referencePrice(none)).toBeNull();
    expect(referencePrice({ ...none, bestBid: 100 })).toBeNull();
    expect(referencePrice({ ...none, bestAsk: 100 })).toBeNull();
  });
});

describe('priceBand', () => {
  it('bounds buys above and sells below the reference, rounded toward it', () => {
    // BTC/USDT at 2 decimals: 65,000.00 with a 10 % band → sells from 58,500, buys to 71,500.
    expect(priceBand(6_500_000, 1_000)).toEqual({
      reference: 6_500_000,
      minSell: 5_850_000,
      maxBuy: 7_150_000,
    });
    // 101 ticks at 10 %: 90.9 → 91 for sells, 111.1 → 111 for buys.
    expect(priceBand(101, 1_000)).toEqual({ reference: 101, minSell: 91, maxBuy: 111 });
    // A 100 % band lets a sell go down to 0 and a buy up to twice the reference.
    expect(priceBand(101, 10_000)).toEqual({ reference: 101, minSell: 0, maxBuy: 202 });
  });

  it('refuses the finding: a sell at 0.01 against a reference of 65,000 is outside', () => {
    const band = priceBand(6_500_000, 1_000);
    expect(withinPriceBand(2, 1, band)).toBe(false);
    expect(withinPriceBand(2, 5_849_999, band)).toBe(false);
    expect(withinPriceBand(2, 5_850_000, band)).toBe(true);
    expect(withinPriceBand(1, 7_150_000, band)).toBe(true);
    expect(withinPriceBand(1, 7_150_001, band)).toBe(false);
  });

  it('allows a buy far below and a sell far above: they give nothing away', () => {
    const band = priceBand(6_500_000, 1_000);
    expect(withinPriceBand(1, 1, band)).toBe(true);
    expect(withinPriceBand(2, Number.MAX_SAFE_INTEGER, band)).toBe(true);
  });

  it('matches bigint maths over the whole safe range (seed 7)', () => {
    const rng = new Rng(7);
    for (let i = 0; i < 20_000; i++) {
      const digits = rng.int(1, 16);
      const ref = Math.min(Number.MAX_SAFE_INTEGER, 1 + Math.floor(rng.next() * 10 ** digits));
      const bps = rng.pick([1, 7, 500, 1_000, 9_999, 10_000, rng.int(1, 10_000)]);
      const band = priceBand(ref, bps);
      const r = BigInt(ref);
      const b = BigInt(bps);
      // ⌈r × (1 − b)⌉ and ⌊r × (1 + b)⌋, clamped to the safe range.
      const minSell = Number((r * (10_000n - b) + 9_999n) / 10_000n);
      const up = (r * (10_000n + b)) / 10_000n;
      const maxBuy = Number(up > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : up);
      if (band.minSell !== minSell || band.maxBuy !== maxBuy) {
        expect(band, `op ${i}: ref ${ref} bps ${bps}`).toEqual({ reference: ref, minSell, maxBuy });
      }
      // The edges are in, one tick past them is out.
      expect(withinPriceBand(2, band.minSell, band) && withinPriceBand(1, band.maxBuy, band)).toBe(
        true,
      );
      if (band.minSell > 0) expect(withinPriceBand(2, band.minSell - 1, band)).toBe(false);
      if (band.maxBuy < Number.MAX_SAFE_INTEGER)
        expect(withinPriceBand(1, band.maxBuy + 1, band)).toBe(false);
    }
  });
});
