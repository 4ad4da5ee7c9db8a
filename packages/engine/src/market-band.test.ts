import { describe, expect, it } from 'vitest';
import { marketBandLimit } from './market-band.js';
import { Rng } from './testing/prng.js';

/** The documented formula in bigint: floor for buys, ceil for sells. */
function expected(side: 1 | 2, price: number, bps: number): number {
  const scaled = BigInt(price) * BigInt(side === 1 ? 10_000 + bps : 10_000 - bps);
  const limit = side === 1 ? scaled / 10_000n : (scaled + 9_999n) / 10_000n;
  return Number(limit > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : limit);
}

describe('marketBandLimit', () => {
  it('rounds inward: floor for buys, ceil for sells', () => {
    expect(marketBandLimit(1, 101, 500)).toBe(106);
    expect(marketBandLimit(2, 101, 500)).toBe(96);
    expect(marketBandLimit(1, 100, 0)).toBe(100);
    expect(marketBandLimit(2, 100, 10_000)).toBe(0);
  });

  it('matches bigint maths over the whole safe range (seed 99)', () => {
    const rng = new Rng(99);
    for (let i = 0; i < 20_000; i++) {
      const digits = rng.int(1, 16);
      const price = Math.min(Number.MAX_SAFE_INTEGER, 1 + Math.floor(rng.next() * 10 ** digits));
      const bps = rng.pick([0, 1, 7, 500, 9_999, 10_000, rng.int(0, 10_000)]);
      const side = rng.chance(0.5) ? 1 : 2;
      const got = marketBandLimit(side, price, bps);
      if (got !== expected(side, price, bps)) {
        expect(got, `op ${i}: side ${side} price ${price} bps ${bps}`).toBe(
          expected(side, price, bps),
        );
      }
    }
  });
});
